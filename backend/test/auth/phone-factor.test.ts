/**
 * Phone as a second factor through supabase-js unchanged (mfa.enroll / challenge / verify), on
 * PGlite and PostgreSQL: the code goes out through the official `twilio` package to a local
 * server speaking Twilio's Messaging API; without Twilio settings it lands in the outbox. Also
 * the E.164 check, the limits on sending and guessing, and aal2 for the data API.
 */
import { makeClient, mailsTo, PASSWORD, rawAuth, signedIn } from '../support/auth-helpers.ts';
import {
  startTwilioStandIn,
  type StandIn,
  type TwilioMessage,
} from '../support/sms-captcha-stand-ins.ts';
import {
  postgresAvailable,
  startTestServer,
  type DbKind,
  type TestServer,
} from '../support/test-server.ts';

jest.setTimeout(120_000);

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'local-twilio-token';
const SERVICE_SID = `MG${'fedcba9876543210'.repeat(2)}`;
const MOBILE = '+447911123456';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

for (const kind of ['pglite', 'postgres'] as DbKind[]) {
  const run = kind === 'pglite' || postgresAvailable() ? describe : describe.skip;
  if (run === describe.skip) console.log(`[test] SKIPPED phone factor on ${kind}: no PostgreSQL`);

  run(`phone factor through Twilio [${kind}]`, () => {
    let twilio: StandIn<TwilioMessage>;
    let server: TestServer;
    beforeAll(async () => {
      twilio = await startTwilioStandIn(ACCOUNT_SID, AUTH_TOKEN);
      server = await startTestServer({
        db: kind,
        env: {
          TWILIO_ACCOUNT_SID: ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: AUTH_TOKEN,
          TWILIO_MESSAGE_SERVICE_SID: SERVICE_SID,
          TWILIO_API_URL: twilio.url,
          SMS_MAX_FREQUENCY: '2',
          // Per user; the per-address limit is out of the way (every test calls from 127.0.0.1).
          RATE_LIMIT_SMS_SENT: '1000',
          RATE_LIMIT_SMS_SENT_PER_EMAIL: '4',
        },
      });
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await twilio?.close();
    });

    const lastCodeTo = (to: string) =>
      codeIn([...twilio.received].reverse().find((message) => message.to === to)?.body ?? '');

    it('enrolls a UK mobile, texts a code through Twilio, and verifies it to reach aal2', async () => {
      const { client, email } = await signedIn(server, 'phone');
      // A UK number written nationally is stored in E.164.
      const enrolled = await client.auth.mfa.enroll({ factorType: 'phone', phone: '07911 123456' });
      expect(enrolled.error).toBeNull();
      expect(enrolled.data).toMatchObject({ type: 'phone', phone: MOBILE });
      const factorId = enrolled.data?.id ?? '';

      const challenge = await client.auth.mfa.challenge({ factorId });
      expect(challenge.error).toBeNull();
      expect(challenge.data).toMatchObject({ type: 'phone' });
      const sent = twilio.received.at(-1);
      expect(sent).toMatchObject({ to: MOBILE, messagingServiceSid: SERVICE_SID });
      expect(sent?.body).toMatch(/Your ProMatch verification code is \d{6}/);

      const challengeId = challenge.data?.id ?? '';
      const wrong = await client.auth.mfa.verify({ factorId, challengeId, code: '000000' });
      expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
      expect(wrong.error?.message).toBe('Invalid MFA Phone code entered');
      const right = await client.auth.mfa.verify({
        factorId,
        challengeId,
        code: lastCodeTo(MOBILE),
      });
      expect(right.error).toBeNull();
      const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
      const factors = await client.auth.mfa.listFactors();
      expect(factors.data?.phone).toEqual([
        expect.objectContaining({ id: factorId, phone: MOBILE, status: 'verified' }),
      ]);
      // A used code does not verify a second time.
      const again = await client.auth.mfa.verify({
        factorId,
        challengeId,
        code: lastCodeTo(MOBILE),
      });
      expect(again.error).toMatchObject({ status: 404, code: 'mfa_challenge_not_found' });

      // A new sign-in is aal1 and owes the phone code; the data API refuses it meanwhile.
      const second = makeClient(server);
      const signIn = await second.auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      const owed = await second.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(owed.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
      const rows = await second.from('profiles').select('id').limit(1);
      expect(rows.error).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const next = await second.auth.mfa.challenge({ factorId });
      expect(next.error).toBeNull();
      const passed = await second.auth.mfa.verify({
        factorId,
        challengeId: next.data?.id ?? '',
        code: lastCodeTo(MOBILE),
      });
      expect(passed.error).toBeNull();
      expect((await second.from('profiles').select('id').limit(1)).error).toBeNull();
    });

    it('refuses a phone to a password-only session once the account has a verified factor', async () => {
      const { client, email } = await signedIn(server, 'phone-aal');
      const first = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+447911123458' });
      const factorId = first.data?.id ?? '';
      const challenge = await client.auth.mfa.challenge({ factorId });
      const verified = await client.auth.mfa.verify({
        factorId,
        challengeId: challenge.data?.id ?? '',
        code: lastCodeTo('+447911123458'),
      });
      expect(verified.error).toBeNull();

      // The password alone (aal1) must not add a phone it could then pass to reach aal2.
      const stranger = makeClient(server);
      const signIn = await stranger.auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      const before = twilio.received.length;
      const refused = await stranger.auth.mfa.enroll({
        factorType: 'phone',
        phone: '+447911123459',
      });
      expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
      expect(refused.error?.message).toBe('AAL2 required to enroll a new factor');
      expect(twilio.received.length).toBe(before);
      const listed = await client.auth.mfa.listFactors();
      expect(listed.data?.all.map((factor) => factor.id)).toEqual([factorId]);

      // The session that passed the factor (aal2) may add a second phone.
      const second = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+447911123459' });
      expect(second.error).toBeNull();
      expect(second.data).toMatchObject({ type: 'phone', phone: '+447911123459' });
    });

    it("never texts another user's phone: their factor is not found", async () => {
      const victim = await signedIn(server, 'phone-victim');
      const phone = '+447911123457';
      const { data } = await victim.client.auth.mfa.enroll({ factorType: 'phone', phone });
      const attacker = await signedIn(server, 'phone-attacker');
      const before = twilio.received.length;
      const answer = await rawAuth(server, `/factors/${data?.id ?? ''}/challenge`, {
        method: 'POST',
        token: attacker.session.access_token,
        body: {},
      });
      expect(answer).toMatchObject({ status: 404, body: { code: 'mfa_factor_not_found' } });
      expect(twilio.received.length).toBe(before);
    });

    it('refuses numbers that are not valid E.164 phone numbers, and a missing number', async () => {
      const { session } = await signedIn(server, 'phone-bad');
      for (const phone of ['12345', '+4477009', 'call me', '+447700900123']) {
        const answer = await rawAuth(server, '/factors', {
          method: 'POST',
          token: session.access_token,
          body: { factor_type: 'phone', phone },
        });
        expect(answer).toMatchObject({
          status: 400,
          body: {
            code: 'validation_failed',
            message: 'Invalid phone number format (E.164 required)',
          },
        });
      }
      const missing = await rawAuth(server, '/factors', {
        method: 'POST',
        token: session.access_token,
        body: { factor_type: 'phone' },
      });
      expect(missing).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    });

    it('limits how often a code is texted to a factor and how many a user is sent', async () => {
      const { client } = await signedIn(server, 'phone-limit');
      const phone = '+447400123456';
      const { data, error } = await client.auth.mfa.enroll({ factorType: 'phone', phone });
      expect(error).toBeNull();
      const factorId = data?.id ?? '';
      expect((await client.auth.mfa.challenge({ factorId })).error).toBeNull();
      const tooSoon = await client.auth.mfa.challenge({ factorId });
      expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
      expect(tooSoon.error?.message).toBe(
        'For security purposes, you can only request this after 2 seconds.',
      );
      const textsBefore = twilio.received.filter((message) => message.to === phone).length;
      expect(textsBefore).toBe(1);
      // RATE_LIMIT_SMS_SENT_PER_EMAIL=4 per user: the 5th code in the hour is refused.
      for (let i = 0; i < 3; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 2100));
        expect((await client.auth.mfa.challenge({ factorId })).error).toBeNull();
      }
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const capped = await client.auth.mfa.challenge({ factorId });
      expect(capped.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
      expect(capped.error?.message).toBe('SMS rate limit exceeded');
      expect(twilio.received.filter((message) => message.to === phone)).toHaveLength(4);
    });
  });
}

describe('phone factor without Twilio: the development outbox [pglite]', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: 'pglite', env: { RATE_LIMIT_VERIFY: '3' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('delivers the code to the outbox beside e-mail, and stops guessing after the limit', async () => {
    const { client } = await signedIn(server, 'phone-outbox');
    const phone = '+447911000111';
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'phone', phone });
    expect(error).toBeNull();
    const factorId = data?.id ?? '';
    const challenge = await client.auth.mfa.challenge({ factorId });
    const challengeId = challenge.data?.id ?? '';
    const [sms] = await mailsTo(server, phone);
    expect(sms).toMatchObject({ to: phone, subject: 'SMS' });
    const code = codeIn(sms?.text ?? '');
    expect(code).toMatch(/^\d{6}$/);
    // RATE_LIMIT_VERIFY=3: two wrong guesses and the right code use the three tries; a fourth
    // is refused by the limit before the (now used) challenge is even looked at.
    for (const guess of ['111111', '222222']) {
      const wrong = await client.auth.mfa.verify({ factorId, challengeId, code: guess });
      expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    expect((await client.auth.mfa.verify({ factorId, challengeId, code })).error).toBeNull();
    const limited = await client.auth.mfa.verify({ factorId, challengeId, code });
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});
