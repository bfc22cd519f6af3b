import type { EachDbContext } from '../support/test-server.ts';
import {
  confirmedUser,
  followLink,
  latestLink,
  mailsTo,
  makeClient,
  PASSWORD,
  uniqueEmail,
} from '../support/auth-helpers.ts';

/** Password recovery and PKCE e-mail flows: the link redirects with ?code=, the client exchanges it. */
export function recoveryCases({ server }: EachDbContext) {
  it('recovers a password through the e-mail link and a PKCE code exchange', async () => {
    const { email } = await confirmedUser(server(), 'recover');
    const client = makeClient(server(), { flowType: 'pkce' });
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const sent = await client.auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:3000/reset-password',
    });
    expect(sent).toEqual({ data: {}, error: null });

    const location = await followLink(await latestLink(server(), email));
    expect(location.pathname).toBe('/reset-password');
    const code = location.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');

    expect((await client.auth.updateUser({ password: 'Rec0vered-pass' })).error).toBeNull();
    const signIn = await makeClient(server()).auth.signInWithPassword({
      email,
      password: 'Rec0vered-pass',
    });
    expect(signIn.error).toBeNull();
    const replay = await makeClient(server(), { flowType: 'pkce' }).auth.exchangeCodeForSession(
      code,
    );
    expect(replay.error).not.toBeNull();
  });

  it('answers recover the same way for unknown addresses (no account enumeration)', async () => {
    const unknown = uniqueEmail('ghost');
    const result = await makeClient(server()).auth.resetPasswordForEmail(unknown);
    expect(result).toEqual({ data: {}, error: null });
    expect(await mailsTo(server(), unknown)).toEqual([]);
  });

  it('confirms a PKCE sign-up through ?code= and a wrong verifier is refused', async () => {
    const email = uniqueEmail('pkce-signup');
    const client = makeClient(server(), { flowType: 'pkce' });
    await client.auth.signUp({ email, password: PASSWORD });
    const link = await latestLink(server(), email);
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const code = (await followLink(link)).searchParams.get('code') ?? '';
    const stranger = makeClient(server(), { flowType: 'pkce' });
    await stranger.auth.signInWithOtp({ email: uniqueEmail('stranger') });
    const wrong = await stranger.auth.exchangeCodeForSession(code);
    expect(wrong.error).toMatchObject({ code: 'bad_code_verifier' });
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('signs in with the 6-digit code from the e-mail (verifyOtp) and rejects a used link', async () => {
    const { email } = await confirmedUser(server(), 'otp');
    await makeClient(server()).auth.signInWithOtp({ email });
    const [mail] = await mailsTo(server(), email);
    const code = /code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    const verified = await makeClient(server()).auth.verifyOtp({
      email,
      token: code,
      type: 'email',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    const reused = await followLink(mail?.links[0]?.url ?? '');
    expect(new URLSearchParams(reused.hash.slice(1)).get('error_code')).toBe('otp_expired');
  });
}
