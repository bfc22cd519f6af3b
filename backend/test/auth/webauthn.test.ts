/**
 * Passkeys as a second factor through supabase-js `auth.mfa` unchanged: registration and sign-in
 * with real WebAuthn responses (an ES256 software authenticator, signatures checked by
 * @simplewebauthn/server), aal2 as TOTP gives it, and the ways a ceremony must fail: a replayed or
 * expired challenge, another origin or RP id, another user's key, a cloned key (counter going
 * back), and a password-only session adding a passkey to an account that already has a factor.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { makeClient, PASSWORD, rawAuth, signedIn } from '../support/auth-helpers.ts';
import {
  SoftwareAuthenticator,
  type CreationOptionsLike,
  type RequestOptionsLike,
} from '../support/software-authenticator.ts';
import { describeEachDb, type TestServer } from '../support/test-server.ts';

jest.setTimeout(120_000);

const ORIGIN = 'http://localhost:3000';
const RP = { rpId: 'localhost', rpOrigins: [ORIGIN] };
const EXPIRY_SECONDS = 8;

async function challenge(client: SupabaseClient, factorId: string) {
  const { data, error } = await client.auth.mfa.challenge({ factorId, webauthn: RP });
  if (error || !data || data.type !== 'webauthn') throw error ?? new Error('no webauthn challenge');
  return data;
}

/** What `auth.mfa.webauthn.register` does in a browser, with the software authenticator. */
async function registerPasskey(
  client: SupabaseClient,
  authenticator: SoftwareAuthenticator,
  friendlyName = 'YubiKey',
) {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName });
  if (enrolled.error) throw enrolled.error;
  const factorId = enrolled.data.id;
  const created = await challenge(client, factorId);
  if (created.webauthn.type !== 'create') throw new Error('expected creation options');
  const credential = authenticator.create(
    created.webauthn.credential_options.publicKey as unknown as CreationOptionsLike,
  );
  const verified = await client.auth.mfa.verify({
    factorId,
    challengeId: created.id,
    webauthn: { type: 'create', ...RP, credential_response: credential as never },
  });
  return { factorId, verified };
}

/** What `auth.mfa.webauthn.authenticate` does in a browser. */
async function signInWithPasskey(
  client: SupabaseClient,
  authenticator: SoftwareAuthenticator,
  factorId: string,
) {
  const requested = await challenge(client, factorId);
  if (requested.webauthn.type !== 'request') throw new Error('expected request options');
  const assertion = authenticator.get(
    requested.webauthn.credential_options.publicKey as unknown as RequestOptionsLike,
  );
  return client.auth.mfa.verify({
    factorId,
    challengeId: requested.id,
    webauthn: { type: 'request', ...RP, credential_response: assertion as never },
  });
}

async function passwordClient(server: TestServer, email: string) {
  const client = makeClient(server);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return client;
}

async function aal(client: SupabaseClient) {
  const { data } = await client.auth.getClaims();
  return data?.claims.aal;
}

describeEachDb(
  'auth: passkeys (WebAuthn) as a second factor',
  ({ server }) => {
    it('registers a passkey (aal2), then a password sign-in passes it to reach aal2 again', async () => {
      const { client, email } = await signedIn(server(), 'passkey');
      const key = new SoftwareAuthenticator(ORIGIN);
      const { factorId, verified } = await registerPasskey(client, key);
      expect(verified.error).toBeNull();
      expect(await aal(client)).toBe('aal2');
      const methods = (await client.auth.mfa.getAuthenticatorAssuranceLevel()).data
        ?.currentAuthenticationMethods;
      expect(methods?.map((m) => (typeof m === 'string' ? m : m.method))).toContain('mfa/webauthn');
      const factors = (await client.auth.mfa.listFactors()).data;
      expect(factors?.webauthn).toEqual([
        expect.objectContaining({ id: factorId, friendly_name: 'YubiKey', status: 'verified' }),
      ]);

      const later = await passwordClient(server(), email);
      expect(await aal(later)).toBe('aal1');
      expect((await later.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal2');
      const passed = await signInWithPasskey(later, key, factorId);
      expect(passed.error).toBeNull();
      expect(await aal(later)).toBe('aal2');

      // The settings list shows when it was last used; nothing of the key itself leaves the server.
      const user = await rawAuth(server(), '/user', { token: passed.data?.access_token });
      const listed = (user.body as { factors: Record<string, unknown>[] }).factors[0];
      expect(Date.parse(String(listed?.last_used_at))).toBeGreaterThan(Date.now() - 60_000);
      expect(JSON.stringify(user.body)).not.toMatch(/public_key|credential_id|sign_count/);

      // Removing it (at aal2) takes the passkey away: its factor no longer answers.
      expect((await later.auth.mfa.unenroll({ factorId })).error).toBeNull();
      const gone = await later.auth.mfa.challenge({ factorId, webauthn: RP });
      expect(gone.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    });

    it('spends a challenge once, and refuses a replayed assertion', async () => {
      const { client, email } = await signedIn(server(), 'passkey-replay');
      const key = new SoftwareAuthenticator(ORIGIN);
      const { factorId } = await registerPasskey(client, key);
      const later = await passwordClient(server(), email);
      const requested = await challenge(later, factorId);
      const assertion = key.get(
        requested.webauthn.credential_options.publicKey as unknown as RequestOptionsLike,
      );
      const verify = (challengeId: string) =>
        later.auth.mfa.verify({
          factorId,
          challengeId,
          webauthn: { type: 'request', ...RP, credential_response: assertion as never },
        });
      expect((await verify(requested.id)).error).toBeNull();
      expect((await verify(requested.id)).error).toMatchObject({
        status: 404,
        code: 'mfa_challenge_not_found',
      });
      // The same signed assertion against a fresh challenge: the challenge inside it is stale.
      const fresh = await challenge(later, factorId);
      expect((await verify(fresh.id)).error).toMatchObject({
        status: 422,
        code: 'mfa_verification_failed',
      });
    });

    it('refuses another origin, another RP id, an expired challenge and a cloned key', async () => {
      const { client, email } = await signedIn(server(), 'passkey-refusals');
      const key = new SoftwareAuthenticator(ORIGIN);
      const { factorId } = await registerPasskey(client, key);
      const later = await passwordClient(server(), email);

      // A phishing page on another origin relays the ceremony: the browser reports its origin.
      const phished = new SoftwareAuthenticator('https://promatch.example.net');
      phished.credentials.push(...key.credentials);
      const relayed = await signInWithPasskey(later, phished, factorId);
      expect(relayed.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
      expect(relayed.error?.message).toMatch(/origin/i);

      // The client cannot name its own relying party.
      const foreignRp = await later.auth.mfa.challenge({
        factorId,
        webauthn: { rpId: 'evil.example', rpOrigins: ['https://evil.example'] },
      });
      expect(foreignRp.error).toMatchObject({ status: 422, code: 'validation_failed' });

      const stale = await challenge(later, factorId);
      await new Promise((resolve) => setTimeout(resolve, (EXPIRY_SECONDS + 1) * 1000));
      const late = await later.auth.mfa.verify({
        factorId,
        challengeId: stale.id,
        webauthn: {
          type: 'request',
          ...RP,
          credential_response: key.get(
            stale.webauthn.credential_options.publicKey as unknown as RequestOptionsLike,
          ) as never,
        },
      });
      expect(late.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });

      // A copy of the key made earlier signs with a counter the server has already seen.
      const credential = key.credentials[0];
      if (!credential) throw new Error('no credential');
      expect((await signInWithPasskey(later, key, factorId)).error).toBeNull();
      credential.counter -= 2;
      const cloned = await signInWithPasskey(later, key, factorId);
      expect(cloned.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    });

    it("keeps users apart: no one else's factor, no one else's key", async () => {
      const alice = await signedIn(server(), 'passkey-alice');
      const bob = await signedIn(server(), 'passkey-bob');
      const aliceKey = new SoftwareAuthenticator(ORIGIN);
      const bobKey = new SoftwareAuthenticator(ORIGIN);
      const { factorId: aliceFactor } = await registerPasskey(alice.client, aliceKey);
      const { factorId: bobFactor } = await registerPasskey(bob.client, bobKey);

      const probe = await bob.client.auth.mfa.challenge({ factorId: aliceFactor, webauthn: RP });
      expect(probe.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });

      // Bob's own valid key offered on Alice's factor.
      const aliceLater = await passwordClient(server(), alice.email);
      const requested = await challenge(aliceLater, aliceFactor);
      const bobCredential = bobKey.credentials[0];
      const assertion = bobKey.get(
        requested.webauthn.credential_options.publicKey as unknown as RequestOptionsLike,
        bobCredential,
      );
      const wrongKey = await aliceLater.auth.mfa.verify({
        factorId: aliceFactor,
        challengeId: requested.id,
        webauthn: { type: 'request', ...RP, credential_response: assertion as never },
      });
      expect(wrongKey.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
      expect(await aal(aliceLater)).toBe('aal1');
      expect(bobFactor).not.toBe(aliceFactor);
    });

    it('asks a password-only session to pass its factor before adding a passkey', async () => {
      const { client, email } = await signedIn(server(), 'passkey-stepup');
      await registerPasskey(client, new SoftwareAuthenticator(ORIGIN));
      const aal1 = await passwordClient(server(), email);
      const attempt = await aal1.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Mine' });
      expect(attempt.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
      const totp = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'App' });
      expect(totp.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
      // At aal2 (the first session) a second passkey is fine.
      const second = await registerPasskey(client, new SoftwareAuthenticator(ORIGIN), 'Laptop');
      expect(second.verified.error).toBeNull();
      // A factor the owner left unfinished (the prompt cancelled) is no way in for the password
      // alone: it may not put its own key on it.
      const leftover = await client.auth.mfa.enroll({
        factorType: 'webauthn',
        friendlyName: 'Gone',
      });
      expect(leftover.error).toBeNull();
      const leftoverId = leftover.data?.id ?? '';
      // (A new password session: adding the second passkey ended the aal1 ones.)
      const password = await passwordClient(server(), email);
      const hijack = await password.auth.mfa.challenge({ factorId: leftoverId, webauthn: RP });
      expect(hijack.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
      expect(await aal(password)).toBe('aal1');
    });

    it('answers malformed credential JSON with a 400', async () => {
      const { client, session } = await signedIn(server(), 'passkey-bad-input');
      const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'K' });
      const factorId = enrolled.data?.id ?? '';
      const created = await challenge(client, factorId);
      const response = await rawAuth(server(), `/factors/${factorId}/verify`, {
        method: 'POST',
        token: session.access_token,
        body: {
          challenge_id: created.id,
          webauthn: { type: 'create', credential_response: { id: 'not base64!', type: 'x' } },
        },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed' });
    });

    it('does not serve passwordless passkey sign-in (a second factor only)', async () => {
      const options = await rawAuth(server(), '/passkeys/authentication/options', {
        method: 'POST',
        body: {},
      });
      expect(options.status).toBe(404);
    });
  },
  {
    env: {
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_RP_ORIGINS: ORIGIN,
      MFA_CHALLENGE_EXPIRY_DURATION: String(EXPIRY_SECONDS),
    },
  },
);
