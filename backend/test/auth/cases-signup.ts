import type { EachDbContext } from '../support/test-server.ts';
import {
  followLink,
  latestLink,
  mailsTo,
  makeClient,
  PASSWORD,
  uniqueEmail,
} from '../support/auth-helpers.ts';

/** Sign-up with metadata, the confirmation e-mail and link, password sign-in and its errors. */
export function signupCases({ server }: EachDbContext) {
  it('signs up with metadata, e-mails a confirmation link, and the link signs the user in', async () => {
    const email = uniqueEmail('signup');
    const client = makeClient(server());
    const data = { name: 'Ann Smith', account_type: 'professional', company: 'Acme Ltd' };
    const signUp = await client.auth.signUp({ email, password: PASSWORD, options: { data } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({
      email,
      user_metadata: data,
      app_metadata: { provider: 'email' },
    });
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();

    const unconfirmed = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(unconfirmed.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    const [mail] = await mailsTo(server(), email);
    expect(mail?.subject).toMatch(/ProMatch/);
    expect(mail?.html).toContain('href="http://');
    const location = await followLink(await latestLink(server(), email));
    expect(location.origin).toBe('http://localhost:3000');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    const fromLink = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(fromLink.error).toBeNull();
    expect(fromLink.data.user?.email_confirmed_at).toBeTruthy();

    const signIn = await makeClient(server()).auth.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(signIn.data.user?.user_metadata).toEqual(data);
  });

  it('stores sign-up metadata in auth.users like GoTrue (raw_user_meta_data) for the profile trigger', async () => {
    const email = uniqueEmail('meta');
    await makeClient(server()).auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: 'Bea' } },
    });
    const admin = makeClient(server(), { key: server().serviceRoleKey });
    const { data } = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(data.users.find((user) => user.email === email)?.user_metadata).toEqual({ name: 'Bea' });
  });

  it('refuses a wrong password, an unknown e-mail and a weak password with GoTrue errors, and hides a duplicate', async () => {
    const email = uniqueEmail('errors');
    const client = makeClient(server());
    await client.auth.signUp({ email, password: PASSWORD });
    await followLink(await latestLink(server(), email));
    const wrong = await client.auth.signInWithPassword({ email, password: 'Wrong-pass-1' });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const unknown = await client.auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    // With confirmations on, a duplicate answers like a new sign-up and the owner is e-mailed
    // (docs/decisions/0152-sign-up-answers-alike-for-registered-addresses.md).
    const duplicate = await client.auth.signUp({ email, password: PASSWORD });
    expect(duplicate.error).toBeNull();
    expect(duplicate.data.session).toBeNull();
    const weak = await client.auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(weak.error).toMatchObject({
      status: 422,
      code: 'weak_password',
      name: 'AuthWeakPasswordError',
    });
    expect(weak.error?.message).toMatch(/^Password should be/);
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
  });

  it('does not let a second sign-up take over an unconfirmed account', async () => {
    const email = uniqueEmail('preempt');
    await makeClient(server()).auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: 'Owner' } },
    });
    const again = await makeClient(server()).auth.signUp({
      email,
      password: 'Attack3r-pass',
      options: { data: { name: 'Attacker' } },
    });
    expect(again.error).toBeNull();
    expect(await mailsTo(server(), email)).toHaveLength(2);
    await followLink(await latestLink(server(), email));
    const attacker = await makeClient(server()).auth.signInWithPassword({
      email,
      password: 'Attack3r-pass',
    });
    expect(attacker.error).toMatchObject({ code: 'invalid_credentials' });
    const owner = await makeClient(server()).auth.signInWithPassword({ email, password: PASSWORD });
    expect(owner.data.user?.user_metadata).toEqual({ name: 'Owner' });
  });

  it('honours redirect_to only for allowed URLs (no open redirect)', async () => {
    const email = uniqueEmail('redirect');
    const client = makeClient(server());
    await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example.com/steal' },
    });
    expect((await followLink(await latestLink(server(), email))).origin).toBe(
      'http://localhost:3000',
    );
    const other = uniqueEmail('redirect-ok');
    await client.auth.signUp({
      email: other,
      password: PASSWORD,
      options: { emailRedirectTo: 'http://localhost:3000/welcome' },
    });
    expect((await followLink(await latestLink(server(), other))).pathname).toBe('/welcome');
  });
}
