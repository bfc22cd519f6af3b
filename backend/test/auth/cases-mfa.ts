import { Secret, TOTP } from 'otpauth';
import type { EachDbContext } from '../support/test-server.ts';
import { makeClient, PASSWORD, rawAuth, signedIn } from '../support/auth-helpers.ts';

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/** TOTP factors: enroll with QR code, challenge, verify to aal2, unenroll. */
export function mfaCases({ server }: EachDbContext) {
  it('enrolls a TOTP factor, verifies a code to reach aal2, and unenrolls it', async () => {
    const { client, email } = await signedIn(server(), 'mfa');
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data;
    if (!factor || factor.type !== 'totp') throw new Error('no totp factor');
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);

    const duplicate = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    const challengeId = challenge.data?.id ?? '';
    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId,
      code: '000000',
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId,
      code: codeFor(factor.totp.secret),
    });
    expect(verified.error).toBeNull();

    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(
      level.data?.currentAuthenticationMethods.map((entry) =>
        typeof entry === 'string' ? entry : entry.method,
      ),
    ).toContain('totp');
    const claims = await client.auth.getClaims();
    expect(claims.data?.claims.aal).toBe('aal2');
    expect((await client.auth.mfa.listFactors()).data?.totp).toHaveLength(1);

    // A new password sign-in starts at aal1 and must step up before unenrolling.
    const other = makeClient(server());
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const otherLevel = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(otherLevel.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const refused = await other.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });

    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    await client.auth.refreshSession();
    expect((await client.auth.mfa.listFactors()).data?.all).toHaveLength(0);
  });

  it('refuses to challenge another user’s factor', async () => {
    const alice = await signedIn(server(), 'mfa-a');
    const bob = await signedIn(server(), 'mfa-b');
    const enrolled = await alice.client.auth.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled.data?.id ?? '';
    const response = await rawAuth(server(), `/factors/${factorId}/challenge`, {
      method: 'POST',
      token: bob.session.access_token,
      body: {},
    });
    expect(response).toMatchObject({ status: 404, body: { code: 'mfa_factor_not_found' } });
  });
}
