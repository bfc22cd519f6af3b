/**
 * Auth abuse: what an attacker tries against the auth API, on PGlite and PostgreSQL.
 * - Account enumeration: sign-in and password reset answer the same for a registered and an
 *   unknown address, and limits count the same for both. (Sign-up and /otp do too:
 *   backend/test/security/auth-enumeration.test.ts.)
 * - Open redirects: every redirect parameter (redirect_to on sign-up, reset, magic link, e-mail
 *   change, invitation and the e-mail link itself) lands on the site URL unless allowed.
 * - Refresh-token reuse: a rotated token presented again ends the whole session (every token).
 * - Brute force: password resets and TOTP codes are rate limited per address / per user.
 * Sign-in and sign-up rate limits are in rate-limit.test.ts.
 */
import { Secret, TOTP } from 'otpauth';
import {
  adminClient,
  confirmedUser,
  followLink,
  latestLink,
  mailsTo,
  makeClient,
  PASSWORD,
  rawAuth,
  signedIn,
  uniqueEmail,
} from '../support/auth-helpers.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(60_000);

const SITE = 'http://localhost:3000';

const env = {
  RATE_LIMIT_SIGN_IN: '1000',
  RATE_LIMIT_SIGN_UP: '1000',
  RATE_LIMIT_EMAIL_SENT: '1000',
  // Password resets: 2 per address, 30 per IP (the magic link counts per IP too).
  RATE_LIMIT_RECOVER: '30',
  RATE_LIMIT_RECOVER_PER_EMAIL: '2',
  // Code guesses: 4 per user for TOTP; e-mail links count per IP only.
  RATE_LIMIT_VERIFY: '100',
  RATE_LIMIT_VERIFY_PER_EMAIL: '4',
  REFRESH_TOKEN_REUSE_INTERVAL: '1',
};

/** Status and body with anything per-request (ids, times) left out. */
const comparable = (answer: { status: number; body: Record<string, unknown> }) => ({
  status: answer.status,
  body: answer.body,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDb(
  'auth abuse',
  ({ server }) => {
    it('answers sign-in the same for a wrong password and an unknown address', async () => {
      const { email } = await confirmedUser(server(), 'enum-signin');
      const attempt = (address: string) =>
        rawAuth(server(), '/token?grant_type=password', {
          method: 'POST',
          body: { email: address, password: 'Wrong-pass-123' },
        });
      const known = comparable(await attempt(email));
      const unknown = comparable(await attempt(uniqueEmail('enum-ghost')));
      expect(known).toEqual(unknown);
      expect(known).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    });

    it('answers a password reset the same for a registered and an unknown address', async () => {
      const { email } = await confirmedUser(server(), 'enum-reset');
      const ghost = uniqueEmail('enum-reset-ghost');
      const reset = (address: string) =>
        rawAuth(server(), '/recover', { method: 'POST', body: { email: address } });
      expect(comparable(await reset(email))).toEqual(comparable(await reset(ghost)));
      expect(await mailsTo(server(), email)).toHaveLength(1);
      expect(await mailsTo(server(), ghost)).toEqual([]);
    });

    it('answers a second sign-up for an unconfirmed address like a first one, without taking it over', async () => {
      const email = uniqueEmail('enum-unconfirmed');
      const signUp = (password: string) =>
        rawAuth(server(), '/signup', { method: 'POST', body: { email, password } });
      const first = await signUp(PASSWORD);
      const second = await signUp('Attacker-pass-1');
      expect(second.status).toBe(first.status);
      expect(Object.keys(second.body).sort()).toEqual(Object.keys(first.body).sort());
      // The owner's first password still works once the address is confirmed.
      await followLink(await latestLink(server(), email));
      const signIn = await makeClient(server()).auth.signInWithPassword({
        email,
        password: PASSWORD,
      });
      expect(signIn.error).toBeNull();
    });

    it('limits password resets per address, the same for registered and unknown addresses', async () => {
      const { email } = await confirmedUser(server(), 'reset-limit');
      const ghost = uniqueEmail('reset-limit-ghost');
      for (const address of [email, ghost]) {
        const answers = [];
        for (let i = 0; i < 3; i += 1)
          answers.push(
            (await rawAuth(server(), '/recover', { method: 'POST', body: { email: address } }))
              .status,
          );
        expect([address, answers]).toEqual([address, [200, 200, 429]]);
      }
    });

    it('sends every e-mail link to the site URL when redirect_to is not allowed', async () => {
      const evil = encodeURIComponent('https://evil.example.com/steal');
      const landing = async (to: string) =>
        (await followLink(await latestLink(server(), to))).origin;

      const signUpEmail = uniqueEmail('redir-signup');
      await rawAuth(server(), `/signup?redirect_to=${evil}`, {
        method: 'POST',
        body: { email: signUpEmail, password: PASSWORD },
      });
      expect(await landing(signUpEmail)).toBe(SITE);

      const { email } = await confirmedUser(server(), 'redir');
      await rawAuth(server(), `/recover?redirect_to=${evil}`, { method: 'POST', body: { email } });
      expect(await landing(email)).toBe(SITE);

      const magic = await confirmedUser(server(), 'redir-magic');
      await rawAuth(server(), `/otp?redirect_to=${evil}`, {
        method: 'POST',
        body: { email: magic.email, create_user: false },
      });
      expect(await landing(magic.email)).toBe(SITE);

      const invited = uniqueEmail('redir-invite');
      const invite = await adminClient(server()).auth.admin.inviteUserByEmail(invited, {
        redirectTo: 'https://evil.example.com/steal',
      });
      expect(invite.error).toBeNull();
      expect(await landing(invited)).toBe(SITE);

      const { session } = await signedIn(server(), 'redir-change');
      const newEmail = uniqueEmail('redir-new');
      const change = await rawAuth(server(), `/user?redirect_to=${evil}`, {
        method: 'PUT',
        token: session.access_token,
        body: { email: newEmail },
      });
      expect(change.status).toBe(200);
      expect(await landing(newEmail)).toBe(SITE);
    });

    it('refuses look-alike redirect targets on the e-mail link itself', async () => {
      const attempts = [
        'https://evil.example.com/',
        '//evil.example.com/',
        'http://localhost:3000.evil.example.com/',
        'http://localhost:3000@evil.example.com/',
        'http://evil.example.com/?http://localhost:3000/',
        'javascript:alert(document.domain)//http://localhost:3000/',
        'data:text/html,<script>alert(1)</script>',
        'http://localhost:3001/',
        'https://localhost:3000/',
      ];
      for (const target of attempts) {
        const response = await fetch(
          `${server().url}/auth/v1/verify?type=signup&token=not-a-token&redirect_to=${encodeURIComponent(target)}`,
          { redirect: 'manual' },
        );
        const location = new URL(response.headers.get('location') ?? 'about:blank');
        expect([target, response.status, location.origin]).toEqual([target, 303, SITE]);
      }
      const allowed = await fetch(
        `${server().url}/auth/v1/verify?type=signup&token=not-a-token&redirect_to=${encodeURIComponent(`${SITE}/welcome`)}`,
        { redirect: 'manual' },
      );
      expect(new URL(allowed.headers.get('location') ?? '').pathname).toBe('/welcome');
    });

    it('ends the whole session when a rotated refresh token comes back after the grace period', async () => {
      const { session } = await signedIn(server(), 'reuse');
      const refresh = (token: string) =>
        rawAuth(server(), '/token?grant_type=refresh_token', {
          method: 'POST',
          body: { refresh_token: token },
        });
      const second = await refresh(session.refresh_token);
      expect(second.status).toBe(200);
      const third = await refresh(String(second.body.refresh_token));
      expect(third.status).toBe(200);
      await sleep(1500);
      // The first token, rotated twice, is presented again: a leaked token.
      const stolen = await refresh(session.refresh_token);
      expect(stolen).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used' } });
      // Every token of that session is dead, the newest included.
      const newest = await refresh(String(third.body.refresh_token));
      expect(newest.status).toBe(400);
      const user = await rawAuth(server(), '/user', { token: String(third.body.access_token) });
      expect(user.status).toBe(403);
    });

    it('limits TOTP code guesses per user: even the right code is refused once over the limit', async () => {
      const { client } = await signedIn(server(), 'totp-brute');
      const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
      if (enrolled.error || enrolled.data.type !== 'totp')
        throw enrolled.error ?? new Error('no factor');
      const factorId = enrolled.data.id;
      const secret = enrolled.data.totp.secret;
      const challenge = await client.auth.mfa.challenge({ factorId });
      const challengeId = challenge.data?.id ?? '';
      const statuses: (number | undefined)[] = [];
      for (let i = 0; i < 4; i += 1) {
        const guess = await client.auth.mfa.verify({ factorId, challengeId, code: '000000' });
        statuses.push(guess.error?.status);
      }
      expect(statuses).toEqual([422, 422, 422, 422]);
      const right = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
      const blocked = await client.auth.mfa.verify({ factorId, challengeId, code: right });
      expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    });
  },
  { env },
);
