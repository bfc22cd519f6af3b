/**
 * Password guessing on auth/v1, on PGlite and PostgreSQL (docs/security.md, "Sign-in abuse"):
 * - guesses from many addresses no longer lock the owner out: the per-account limit applies
 *   only to addresses the account has never signed in from;
 * - guesses from one address at one account back off exponentially;
 * - common and breached passwords are refused on sign-up, password change and reset with
 *   GoTrue's weak_password answer.
 * The server takes each request's address from X-Forwarded-For (RATE_LIMIT_HEADER), as behind
 * a proxy, so one test process can act from many addresses.
 */
import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import {
  confirmedUser,
  followLink,
  latestLink,
  makeClient,
  PASSWORD,
  rawAuth,
  signedIn,
  uniqueEmail,
} from '../support/auth-helpers.ts';
import { describeEachDb, type TestServer } from '../support/test-server.ts';

jest.setTimeout(90_000);

const PER_ACCOUNT = 8;

const env = {
  RATE_LIMIT_HEADER: 'X-Forwarded-For',
  RATE_LIMIT_SIGN_IN: '1000',
  RATE_LIMIT_SIGN_IN_PER_EMAIL: String(PER_ACCOUNT),
  RATE_LIMIT_SIGN_IN_BACKOFF_AFTER: '3',
  // Delays of 2 s, 4 s…: wide enough margins on a loaded machine.
  RATE_LIMIT_SIGN_IN_BACKOFF_BASE: '2',
  RATE_LIMIT_SIGN_UP: '1000',
  RATE_LIMIT_RECOVER: '1000',
  RATE_LIMIT_EMAIL_SENT: '1000',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A password sign-in from `ip`: its status and error code. */
async function signInFrom(server: TestServer, ip: string, email: string, password: string) {
  const answer = await rawAuth(server, '/token?grant_type=password', {
    method: 'POST',
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });
  return { status: answer.status, code: answer.body.code, message: answer.body.message };
}

const rateLimited = {
  status: 429,
  code: 'over_request_rate_limit',
  message: 'Request rate limit reached',
};

describeEachDb(
  'auth guessing',
  ({ server }) => {
    it('guesses from many addresses do not lock the owner out of an address they used before', async () => {
      const { email } = await confirmedUser(server(), 'owner');
      expect((await signInFrom(server(), '10.0.0.1', email, PASSWORD)).status).toBe(200);
      // One guess from each of many addresses (no single address backs off).
      const guesses = [];
      for (let i = 1; i <= PER_ACCOUNT + 2; i += 1)
        guesses.push((await signInFrom(server(), `10.1.0.${i}`, email, 'Guess-123')).status);
      // The owner's own first sign-in from 10.0.0.1 counted too (it was new then).
      expect(guesses).toEqual([...Array<number>(PER_ACCOUNT - 1).fill(400), 429, 429, 429]);
      // The owner, from their usual address, still signs in (a spoofed first entry of the list
      // is ignored: the proxy's own entry is the last).
      expect((await signInFrom(server(), '203.0.113.9, 10.0.0.1', email, PASSWORD)).status).toBe(
        200,
      );
      // A new address is refused for now, in GoTrue's 429 shape (mf-auth shows the product's
      // "Too many attempts" message for it); the owner can still get in with an e-mailed link.
      expect(await signInFrom(server(), '10.2.0.1', email, PASSWORD)).toEqual(rateLimited);
    });

    it('backs off exponentially on guesses from one address at one account', async () => {
      const { email } = await confirmedUser(server(), 'backoff');
      const from = (password: string) => signInFrom(server(), '10.3.0.1', email, password);
      for (let i = 0; i < 3; i += 1) expect((await from('Guess-123')).status).toBe(400);
      // Past the free attempts even the right password waits: 2 s, then 4 s, then 8 s...
      expect(await from(PASSWORD)).toEqual(rateLimited);
      await sleep(2200);
      expect((await from('Guess-123')).status).toBe(400);
      expect((await from(PASSWORD)).status).toBe(429);
      await sleep(1500);
      expect((await from(PASSWORD)).status).toBe(429);
      await sleep(2700);
      expect((await from(PASSWORD)).status).toBe(200);
      // A correct password starts the address again from no attempts.
      for (let i = 0; i < 3; i += 1) expect((await from('Guess-123')).status).toBe(400);
      // Another address is not slowed by this one's guesses.
      expect((await signInFrom(server(), '10.3.0.2', email, PASSWORD)).status).toBe(200);
    });

    it('refuses common passwords on sign-up with AuthWeakPasswordError, and accepts a strong one', async () => {
      const client = makeClient(server());
      for (const password of ['123456', 'password', 'Password1', 'qwerty123']) {
        const { data, error } = await client.auth.signUp({ email: uniqueEmail('weak'), password });
        expect(isAuthWeakPasswordError(error)).toBe(true);
        expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['pwned'] });
        expect(data.user).toBeNull();
      }
      const email = uniqueEmail('strong');
      expect((await client.auth.signUp({ email, password: 'Quill-river-42' })).error).toBeNull();
      await followLink(await latestLink(server(), email));
      const signIn = await client.auth.signInWithPassword({ email, password: 'Quill-river-42' });
      expect(signIn.error).toBeNull();
    });

    it('refuses common passwords on password change and on reset, in the wire shape', async () => {
      const { session, client } = await signedIn(server(), 'change');
      const change = await rawAuth(server(), '/user', {
        method: 'PUT',
        token: session.access_token,
        body: { password: 'iloveyou' },
      });
      expect(change).toMatchObject({
        status: 422,
        body: { code: 'weak_password', weak_password: { reasons: ['pwned'] } },
      });
      expect((await client.auth.updateUser({ password: 'Lantern-moss-17' })).error).toBeNull();

      const { email } = await confirmedUser(server(), 'reset');
      const resetter = makeClient(server());
      expect((await resetter.auth.resetPasswordForEmail(email)).error).toBeNull();
      const landing = await followLink(await latestLink(server(), email));
      const tokens = new URLSearchParams(landing.hash.slice(1));
      const token = tokens.get('access_token') ?? '';
      const weak = await rawAuth(server(), '/user', {
        method: 'PUT',
        token,
        body: { password: 'football' },
      });
      expect(weak).toMatchObject({ status: 422, body: { code: 'weak_password' } });
      const strong = await rawAuth(server(), '/user', {
        method: 'PUT',
        token,
        body: { password: 'Harbour-lamp-88' },
      });
      expect(strong.status).toBe(200);
      const after = await makeClient(server()).auth.signInWithPassword({
        email,
        password: 'Harbour-lamp-88',
      });
      expect(after.error).toBeNull();
    });
  },
  { env },
);
