import { describeEachDb } from '../support/test-server.ts';
import {
  confirmedUser,
  mailsTo,
  makeClient,
  PASSWORD,
  uniqueEmail,
} from '../support/auth-helpers.ts';

jest.setTimeout(60_000);

/**
 * Rate limits on password sign-in, sign-up and recover, per IP and per e-mail address, kept in
 * the database. Every request here comes from 127.0.0.1, so the tests run in order and count.
 */
const env = {
  RATE_LIMIT_SIGN_IN: '6',
  RATE_LIMIT_SIGN_IN_PER_EMAIL: '3',
  RATE_LIMIT_SIGN_UP: '3',
  RATE_LIMIT_RECOVER: '100',
  RATE_LIMIT_EMAIL_SENT: '1',
  RATE_LIMIT_VERIFY: '3',
  // This suite's server also runs with auto-confirm, the other sign-up mode.
  AUTH_AUTOCONFIRM: 'true',
};

describeEachDb(
  'auth rate limits and auto-confirm',
  ({ server }) => {
    it('limits password sign-in per e-mail address, then per IP (429 over_request_rate_limit)', async () => {
      const client = makeClient(server());
      const target = uniqueEmail('victim');
      for (let i = 0; i < 3; i += 1) {
        const attempt = await client.auth.signInWithPassword({
          email: target,
          password: 'Guess-123',
        });
        expect(attempt.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
      }
      const blocked = await client.auth.signInWithPassword({
        email: target,
        password: 'Guess-123',
      });
      expect(blocked.error).toMatchObject({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
      // Another address from the same IP still has room until the IP's limit (6) is used up.
      const other = uniqueEmail('other');
      for (let i = 0; i < 2; i += 1) {
        const attempt = await client.auth.signInWithPassword({
          email: other,
          password: 'Guess-123',
        });
        expect(attempt.error?.status).toBe(400);
      }
      const ipBlocked = await client.auth.signInWithPassword({
        email: uniqueEmail('third'),
        password: PASSWORD,
      });
      expect(ipBlocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    });

    it('with AUTH_AUTOCONFIRM, sign-up returns a session at once and sends no e-mail', async () => {
      const email = uniqueEmail('auto');
      const { data, error } = await makeClient(server()).auth.signUp({ email, password: PASSWORD });
      expect(error).toBeNull();
      expect(data.session?.access_token).toEqual(expect.any(String));
      expect(data.user?.email_confirmed_at).toBeTruthy();
      expect(await mailsTo(server(), email)).toEqual([]);
    });

    it('limits sign-ups per IP', async () => {
      const client = makeClient(server());
      // One sign-up was used by the auto-confirm test above; the limit is 3.
      for (let i = 0; i < 2; i += 1) {
        expect(
          (await client.auth.signUp({ email: uniqueEmail('many'), password: PASSWORD })).error,
        ).toBeNull();
      }
      const blocked = await client.auth.signUp({ email: uniqueEmail('many'), password: PASSWORD });
      expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    });

    it('limits e-mails sent to one address (429 over_email_send_rate_limit)', async () => {
      const { email } = await confirmedUser(server(), 'recover-limit');
      const client = makeClient(server());
      expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
      const blocked = await client.auth.resetPasswordForEmail(email);
      expect(blocked.error).toMatchObject({
        status: 429,
        code: 'over_email_send_rate_limit',
        message: 'Email rate limit exceeded',
      });
      // The same answer for an address without an account: limits reveal nothing either.
      const ghost = uniqueEmail('ghost');
      await client.auth.resetPasswordForEmail(ghost);
      expect((await client.auth.resetPasswordForEmail(ghost)).error).toMatchObject({ status: 429 });
    });

    it('limits guesses at one-time codes (POST /verify)', async () => {
      const client = makeClient(server());
      const email = uniqueEmail('guess');
      for (const token of ['111111', '222222', '333333']) {
        const guess = await client.auth.verifyOtp({ email, token, type: 'email' });
        expect(guess.error).toMatchObject({ status: 403, code: 'otp_expired' });
      }
      const blocked = await client.auth.verifyOtp({ email, token: '444444', type: 'email' });
      expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    });
  },
  { env },
);
