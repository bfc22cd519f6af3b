import type { EachDbContext } from '../support/test-server.ts';
import { signHs256 } from '../support/test-server.ts';
import {
  followLink,
  latestLink,
  makeClient,
  PASSWORD,
  rawAuth,
  signedIn,
  uniqueEmail,
} from '../support/auth-helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refresh rotation and reuse detection, logout scopes, /user, JWT checks. */
export function sessionCases({ server }: EachDbContext) {
  it('rotates refresh tokens and ends the session when a used token comes back after the grace period', async () => {
    const { client, session } = await signedIn(server(), 'refresh');
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);

    // Inside the reuse interval (1 s in this suite) the old token yields the current one.
    const retry = await makeClient(server()).auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(retry.error).toBeNull();
    expect(retry.data.session?.refresh_token).toBe(refreshed.data.session?.refresh_token);

    await sleep(1500);
    const thief = await makeClient(server()).auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(thief.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const victim = await rawAuth(server(), '/user', {
      token: refreshed.data.session?.access_token,
    });
    expect(victim).toMatchObject({ status: 403, body: { code: 'session_not_found' } });
    const unknown = await makeClient(server()).auth.refreshSession({
      refresh_token: 'not-a-token',
    });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('signs out with scopes local, others and global', async () => {
    const first = await signedIn(server(), 'scopes');
    const sessions = [first.session];
    for (let i = 0; i < 3; i += 1) {
      const { data } = await makeClient(server()).auth.signInWithPassword({
        email: first.email,
        password: PASSWORD,
      });
      if (data.session) sessions.push(data.session);
    }
    const status = async (index: number) =>
      (await rawAuth(server(), '/user', { token: sessions[index]?.access_token })).status;
    expect(
      (
        await rawAuth(server(), '/logout?scope=local', {
          method: 'POST',
          token: sessions[3]?.access_token,
        })
      ).status,
    ).toBe(204);
    expect([await status(0), await status(3)]).toEqual([200, 403]);
    expect(await first.client.auth.signOut({ scope: 'others' })).toEqual({ error: null });
    expect([await status(1), await status(2)]).toEqual([403, 403]);
    expect(await status(0)).toBe(200);
    const again = makeClient(server());
    await again.auth.signInWithPassword({ email: first.email, password: PASSWORD });
    expect((await again.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect(await status(0)).toBe(403);
  });

  it('reads and updates the user: metadata merge, password, e-mail change through a link', async () => {
    const { client, email } = await signedIn(server(), 'update');
    const got = await client.auth.getUser();
    expect(got.data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated' });
    expect(got.data.user?.identities?.[0]).toMatchObject({ provider: 'email' });

    const updated = await client.auth.updateUser({ data: { name: 'Cy', industry: 'IT' } });
    expect(updated.data.user?.user_metadata).toEqual({ name: 'Cy', industry: 'IT' });
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    expect((await client.auth.updateUser({ password: 'An0ther-pass' })).error).toBeNull();
    const relog = await makeClient(server()).auth.signInWithPassword({
      email,
      password: 'An0ther-pass',
    });
    expect(relog.error).toBeNull();

    const identity = got.data.user?.identities?.[0];
    if (!identity) throw new Error('no identity');
    const unlink = await client.auth.unlinkIdentity(identity);
    expect(unlink.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });

    const newEmail = uniqueEmail('changed');
    const change = await client.auth.updateUser({ email: newEmail });
    expect(change.data.user).toMatchObject({ email, new_email: newEmail });
    await followLink(await latestLink(server(), newEmail));
    expect((await client.auth.getUser()).data.user?.email).toBe(newEmail);
  });

  it('verifies access tokens locally against JWKS with getClaims', async () => {
    const { client, id } = await signedIn(server(), 'claims');
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.header).toMatchObject({ alg: 'ES256' });
    expect(data?.claims).toMatchObject({
      sub: id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      amr: [expect.objectContaining({ method: 'password' })],
      is_anonymous: false,
    });
    expect(data?.claims.session_id).toEqual(expect.any(String));
    expect(String(data?.claims.iss)).toMatch(/\/auth\/v1$/);
  });

  it('answers 401 to forged and expired tokens and 403 to a revoked session', async () => {
    const { session, id } = await signedIn(server(), 'forged');
    const [head, payload] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url')}.${session.access_token.split('.')[2]}`;
    const now = Math.floor(Date.now() / 1000);
    const expired = signHs256({ ...claims, iat: now - 7200, exp: now - 3600 });
    const wrongKey = signHs256(
      { ...claims, exp: now + 600 },
      'another-secret-with-at-least-32-characters!!',
    );
    for (const token of [tampered, expired, wrongKey]) {
      expect(await rawAuth(server(), '/user', { token })).toMatchObject({
        status: 401,
        body: { code: 'bad_jwt' },
      });
    }
    const admin = await rawAuth(server(), '/admin/users', { token: tampered });
    expect(admin.status).toBe(401);
    // A server-minted token without session_id is accepted on /user, as GoTrue does.
    expect((await rawAuth(server(), '/user', { token: server().mintUserToken(id) })).status).toBe(
      200,
    );
    const noSession = signHs256({
      sub: id,
      role: 'authenticated',
      exp: now + 600,
      session_id: crypto.randomUUID(),
    });
    expect(await rawAuth(server(), '/user', { token: noSession })).toMatchObject({
      status: 403,
      body: { code: 'session_not_found' },
    });
  });
}
