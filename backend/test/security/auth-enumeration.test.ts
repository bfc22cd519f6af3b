/**
 * Account enumeration on auth/v1, on PGlite and PostgreSQL (docs/security.md, "Sign-in abuse";
 * docs/decisions/0152-sign-up-answers-alike-for-registered-addresses.md): with e-mail
 * confirmations on, sign-up and POST /otp answer the same for a registered and an unknown
 * address; only the e-mail differs, and only the address's owner sees it.
 */
import {
  confirmedUser,
  followLink,
  latestLink,
  mailsTo,
  makeClient,
  PASSWORD,
  rawAuth,
  uniqueEmail,
} from '../support/auth-helpers.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(90_000);

const env = {
  RATE_LIMIT_SIGN_IN: '1000',
  RATE_LIMIT_SIGN_UP: '1000',
  RATE_LIMIT_RECOVER: '1000',
  RATE_LIMIT_EMAIL_SENT: '1000',
};

/** The structure of a JSON value (keys and value types), without the values themselves. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shape(inner)]),
    );
  return value === null ? 'null' : typeof value;
}

describeEachDb(
  'auth enumeration',
  ({ server }) => {
    it('answers sign-up for a registered address like a new one and e-mails the owner instead', async () => {
      const { email: taken, id } = await confirmedUser(server(), 'taken');
      const fresh = uniqueEmail('fresh');
      const signUp = (email: string) =>
        rawAuth(server(), '/signup', {
          method: 'POST',
          body: { email, password: 'Attack3r-pass', data: { name: 'Someone' } },
        });
      const known = await signUp(taken);
      const unknown = await signUp(fresh);
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(shape(known.body)).toEqual(shape(unknown.body));
      expect(known.body).not.toHaveProperty('access_token');
      expect(known.body.id).not.toBe(id);
      expect(known.body.identities).toHaveLength(1);
      // The owner hears about it; no link in that e-mail signs anyone in.
      const [notice] = await mailsTo(server(), taken);
      expect(notice?.subject).toBe('Someone tried to sign up with your ProMatch address');
      expect(notice?.links.map((link) => new URL(link.url).pathname)).toEqual([
        '/login',
        '/forgot-password',
      ]);
      // The account is untouched: the owner's password works, the attacker's does not.
      const client = makeClient(server());
      const owner = await client.auth.signInWithPassword({ email: taken, password: PASSWORD });
      expect(owner.error).toBeNull();
      const attacker = await client.auth.signInWithPassword({
        email: taken,
        password: 'Attack3r-pass',
      });
      expect(attacker.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    });

    it('lets supabase-js see a registered address as a successful sign-up without a session', async () => {
      const { email } = await confirmedUser(server(), 'taken-js');
      const { data, error } = await makeClient(server()).auth.signUp({
        email,
        password: 'Quill-river-42',
      });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.email).toBe(email);
    });

    it('still signs up a new address: confirmation link, then sign-in', async () => {
      const email = uniqueEmail('new');
      const client = makeClient(server());
      const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      await followLink(await latestLink(server(), email));
      expect(
        (await client.auth.signInWithPassword({ email, password: PASSWORD })).error,
      ).toBeNull();
    });

    it('answers POST /otp with create_user false the same for a registered and an unknown address', async () => {
      const { email } = await confirmedUser(server(), 'otp-known');
      const ghost = uniqueEmail('otp-ghost');
      const otp = (address: string) =>
        rawAuth(server(), '/otp', {
          method: 'POST',
          body: { email: address, create_user: false },
        });
      const known = await otp(email);
      const unknown = await otp(ghost);
      expect({ status: unknown.status, body: unknown.body }).toEqual({
        status: known.status,
        body: known.body,
      });
      expect(known.status).toBe(200);
      // Only the registered address gets a link, and it signs its owner in.
      expect(await mailsTo(server(), ghost)).toEqual([]);
      const landing = await followLink(await latestLink(server(), email));
      expect(new URLSearchParams(landing.hash.slice(1)).get('access_token')).toEqual(
        expect.any(String),
      );
      // No account was made for the unknown address: it can still sign up normally.
      const later = await makeClient(server()).auth.signUp({ email: ghost, password: PASSWORD });
      expect(later.error).toBeNull();
      expect((await mailsTo(server(), ghost))[0]?.subject).toBe('Confirm your ProMatch account');
    });
  },
  { env },
);
