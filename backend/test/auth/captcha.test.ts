/**
 * GoTrue's captcha check (`gotrue_meta_security.captcha_token`) against a local siteverify
 * endpoint: on sign-up, password sign-in, OTP and recovery through supabase-js's own
 * `captchaToken` option; refused tokens and missing ones in GoTrue's words; other grants and a
 * server without a secret are not checked.
 */
import {
  confirmedUser,
  makeClient,
  PASSWORD,
  rawAuth,
  uniqueEmail,
} from '../support/auth-helpers.ts';
import {
  startCaptchaVerifier,
  type CaptchaCheck,
  type StandIn,
} from '../support/sms-captcha-stand-ins.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

jest.setTimeout(120_000);

const SECRET = '0x-local-captcha-secret';

describe.each(['hcaptcha', 'turnstile'])('captcha with %s [pglite]', (provider) => {
  let verifier: StandIn<CaptchaCheck>;
  let server: TestServer;
  beforeAll(async () => {
    verifier = await startCaptchaVerifier(SECRET);
    server = await startTestServer({
      db: 'pglite',
      env: {
        GOTRUE_SECURITY_CAPTCHA_ENABLED: 'true',
        GOTRUE_SECURITY_CAPTCHA_PROVIDER: provider,
        GOTRUE_SECURITY_CAPTCHA_SECRET: SECRET,
        GOTRUE_SECURITY_CAPTCHA_VERIFY_URL: `${verifier.url}/siteverify`,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await verifier?.close();
  });

  it('checks the token on sign-in and lets a passing one through', async () => {
    const { email } = await confirmedUser(server, 'captcha-in');
    const client = makeClient(server);
    const refused = await client.auth.signInWithPassword({
      email,
      password: PASSWORD,
      options: { captchaToken: 'failing-token' },
    });
    expect(refused.error).toMatchObject({ status: 400, code: 'captcha_failed' });
    expect(refused.error?.message).toBe(
      'captcha protection: request disallowed (invalid-input-response)',
    );
    const missing = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(missing.error).toMatchObject({ status: 400, code: 'captcha_failed' });
    expect(missing.error?.message).toBe(
      'captcha protection: request disallowed (no captcha response (captcha_token) found in request)',
    );
    const passed = await client.auth.signInWithPassword({
      email,
      password: PASSWORD,
      options: { captchaToken: 'passing-token' },
    });
    expect(passed.error).toBeNull();
    expect(verifier.received.at(-1)).toEqual({
      secret: SECRET,
      response: 'passing-token',
      remoteip: expect.stringMatching(/127\.0\.0\.1|::1/),
    });
    // Refreshing a session is not a place abuse starts: no token asked.
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
  });

  it('checks the token on sign-up, OTP and password recovery', async () => {
    const client = makeClient(server);
    const email = uniqueEmail('captcha-up');
    const signUp = await client.auth.signUp({ email, password: 'Quill-river-42' });
    expect(signUp.error).toMatchObject({ code: 'captcha_failed' });
    const signedUp = await client.auth.signUp({
      email,
      password: 'Quill-river-42',
      options: { captchaToken: 'passing-token' },
    });
    expect(signedUp.error).toBeNull();

    const otp = await client.auth.signInWithOtp({ email, options: { captchaToken: 'nope' } });
    expect(otp.error).toMatchObject({ code: 'captcha_failed' });
    const otpPassed = await client.auth.signInWithOtp({
      email,
      options: { captchaToken: 'passing-token' },
    });
    expect(otpPassed.error).toBeNull();

    const reset = await client.auth.resetPasswordForEmail(email);
    expect(reset.error).toMatchObject({ code: 'captcha_failed' });
    const resetPassed = await client.auth.resetPasswordForEmail(email, {
      captchaToken: 'passing-token',
    });
    expect(resetPassed.error).toBeNull();
  });

  it('answers 500 in GoTrue words when the verifier cannot be asked', async () => {
    await verifier.close();
    const answer = await rawAuth(server, '/recover', {
      method: 'POST',
      body: {
        email: uniqueEmail('down'),
        gotrue_meta_security: { captcha_token: 'passing-token' },
      },
    });
    expect(answer).toMatchObject({
      status: 500,
      body: { code: 'unexpected_failure', message: 'captcha verification process failed' },
    });
  });
});

describe('no captcha secret: nothing is checked [pglite]', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: 'pglite', env: { GOTRUE_SECURITY_CAPTCHA_SECRET: '' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('signs in without a token', async () => {
    const { email } = await confirmedUser(server, 'captcha-off');
    const result = await makeClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(result.error).toBeNull();
  });
});
