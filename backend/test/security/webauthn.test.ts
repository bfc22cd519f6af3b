/**
 * The attacker's view of passkeys. The two tables behind them (auth.webauthn_credentials: public
 * keys and counters; auth.webauthn_challenges: the live challenges) refuse every statement from
 * every API role, even the key's owner at aal2 and service_role: a challenge an attacker could
 * write, or a counter they could reset, would let a replayed or cloned key pass. REST cannot name
 * them in any schema, and nothing the auth API returns carries the key material.
 */
import { execFileSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import path from 'node:path';
import { rawAuth, signedIn } from '../support/auth-helpers.ts';
import {
  SoftwareAuthenticator,
  type CreationOptionsLike,
} from '../support/software-authenticator.ts';
import { describeEachDb, type TestServer } from '../support/test-server.ts';
import type { Attempt } from './webauthn-privileges.ts';

jest.setTimeout(120_000);

const ORIGIN = 'http://localhost:3000';
const RP = { rpId: 'localhost', rpOrigins: [ORIGIN] };

function probe(server: TestServer): Attempt[] {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'webauthn-privileges.ts')],
    { env: { ...process.env, DATABASE_URL: server.databaseUrl ?? '' }, encoding: 'utf8' },
  );
  return JSON.parse(output) as Attempt[];
}

describeEachDb('security: passkey tables', ({ server }) => {
  it('refuse select, insert, update and delete to anon, authenticated and service_role', () => {
    const attempts = probe(server());
    // 3 roles x 2 tables x 4 verbs, every one refused for want of a privilege.
    expect(attempts).toHaveLength(24);
    expect(attempts.filter((attempt) => attempt.outcome !== '42501')).toEqual([]);
  });

  it('are out of reach of REST, and the auth API never returns key material', async () => {
    const { client, session } = await signedIn(server(), 'passkey-attacker');
    const key = new SoftwareAuthenticator(ORIGIN);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'K' });
    const factorId = enrolled.data?.id ?? '';
    const created = await client.auth.mfa.challenge({ factorId, webauthn: RP });
    if (created.error || created.data.type !== 'webauthn') throw new Error('no challenge');
    const credential = key.create(
      created.data.webauthn.credential_options.publicKey as unknown as CreationOptionsLike,
    );
    const verified = await client.auth.mfa.verify({
      factorId,
      challengeId: created.data.id,
      webauthn: { type: 'create', ...RP, credential_response: credential as never },
    });
    if (verified.error) throw verified.error;
    const token = verified.data.access_token;

    for (const table of ['webauthn_credentials', 'webauthn_challenges']) {
      for (const profile of [undefined, 'auth']) {
        const response = await fetch(`${server().url}/rest/v1/${table}?select=*`, {
          headers: {
            apikey: server().anonKey,
            authorization: `Bearer ${token}`,
            ...(profile ? { 'accept-profile': profile } : {}),
          },
        });
        const body = await response.text();
        expect({ table, profile, status: response.status }).toEqual({
          table,
          profile,
          status: profile ? 406 : 404,
        });
        expect(body).not.toContain(credential.id);
      }
    }

    // A new challenge for the now verified factor names the credential (the browser needs
    // its id) but never the public key or the counter.
    const requested = await rawAuth(server(), `/factors/${factorId}/challenge`, {
      method: 'POST',
      token,
      body: { webauthn: RP },
    });
    expect(requested.status).toBe(200);
    const user = await rawAuth(server(), '/user', { token });
    const stored = key.credentials[0];
    if (!stored) throw new Error('no credential');
    const jwk = createPublicKey(stored.privateKey).export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    const spellings = [x.toString('base64url'), x.toString('base64'), x.toString('hex')];
    for (const answer of [requested.body, user.body, verified.data]) {
      const text = JSON.stringify(answer);
      expect(text).not.toMatch(/public_key|sign_count|"counter"/i);
      for (const spelling of spellings) expect(text).not.toContain(spelling);
    }
    expect(JSON.stringify(user.body)).not.toContain(credential.id);
    expect(session.user.id).toBe(user.body.id);
  });
});
