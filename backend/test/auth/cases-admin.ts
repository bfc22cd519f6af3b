import type { EachDbContext } from '../support/test-server.ts';
import {
  adminClient,
  confirmedUser,
  followLink,
  makeClient,
  PASSWORD,
  rawAuth,
  signedIn,
  uniqueEmail,
} from '../support/auth-helpers.ts';

/** The admin API (service_role only): users CRUD, bans, generate_link, invite. */
export function adminCases({ server }: EachDbContext) {
  it('creates, lists, reads, updates and deletes users with the service_role key', async () => {
    const admin = adminClient(server());
    const email = uniqueEmail('admin');
    const created = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Dee' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? '';
    expect(created.data.user?.app_metadata).toMatchObject({ provider: 'email', plan: 'pro' });
    const duplicate = await admin.auth.admin.createUser({ email, password: PASSWORD });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    const listed = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(listed.data.users.length).toBeLessThanOrEqual(2);
    expect((listed.data as unknown as { total: number }).total).toBeGreaterThanOrEqual(1);
    expect((await admin.auth.admin.getUserById(id)).data.user?.email).toBe(email);

    const updated = await admin.auth.admin.updateUserById(id, {
      user_metadata: { industry: 'Law' },
      ban_duration: '24h',
    });
    expect(updated.data.user?.user_metadata).toEqual({ name: 'Dee', industry: 'Law' });
    const banned = await makeClient(server()).auth.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(banned.error).toMatchObject({ code: 'user_banned' });
    await admin.auth.admin.updateUserById(id, { ban_duration: 'none', password: 'N3w-password' });
    expect(
      (await makeClient(server()).auth.signInWithPassword({ email, password: 'N3w-password' }))
        .error,
    ).toBeNull();

    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    expect((await admin.auth.admin.getUserById(id)).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
    });
  });

  it('refuses the admin API to anon keys and user tokens', async () => {
    const { session } = await signedIn(server(), 'not-admin');
    for (const token of [server().anonKey, session.access_token]) {
      expect(await rawAuth(server(), '/admin/users', { token })).toMatchObject({
        status: 403,
        body: { code: 'not_admin' },
      });
    }
    expect((await makeClient(server()).auth.admin.listUsers()).error).toMatchObject({
      status: 403,
    });
  });

  it('generates working links (magiclink, recovery, signup) and sends invitations', async () => {
    const admin = adminClient(server());
    const { email } = await confirmedUser(server(), 'links');
    const magic = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    expect(magic.error).toBeNull();
    expect(magic.data.properties).toMatchObject({ verification_type: 'magiclink' });
    expect(magic.data.user?.email).toBe(email);
    const location = await followLink(magic.data.properties?.action_link ?? '');
    expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).toBeTruthy();

    const recovery = await admin.auth.admin.generateLink({ type: 'recovery', email });
    const otp = recovery.data.properties?.email_otp ?? '';
    const verified = await makeClient(server()).auth.verifyOtp({
      email,
      token: otp,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();

    const fresh = uniqueEmail('gen-signup');
    const signup = await admin.auth.admin.generateLink({
      type: 'signup',
      email: fresh,
      password: PASSWORD,
    });
    expect(signup.error).toBeNull();
    await followLink(signup.data.properties?.action_link ?? '');
    expect(
      (await makeClient(server()).auth.signInWithPassword({ email: fresh, password: PASSWORD }))
        .error,
    ).toBeNull();

    const newEmail = uniqueEmail('gen-change');
    const change = await admin.auth.admin.generateLink({
      type: 'email_change_new',
      email,
      newEmail,
    });
    expect(change.data.properties?.verification_type).toBe('email_change');
    await followLink(change.data.properties?.action_link ?? '');
    expect(
      (await makeClient(server()).auth.signInWithPassword({ email: newEmail, password: PASSWORD }))
        .error,
    ).toBeNull();

    const missing = await admin.auth.admin.generateLink({
      type: 'magiclink',
      email: uniqueEmail('none'),
    });
    expect(missing.error).toMatchObject({ status: 404 });
    const invited = await admin.auth.admin.inviteUserByEmail(uniqueEmail('invite'));
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
  });
}
