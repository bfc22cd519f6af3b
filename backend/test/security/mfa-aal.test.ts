/**
 * Multi-factor authentication is enforced on every surface: a user with a verified TOTP factor
 * who signed in with the password only (aal1) reaches nothing through REST (every table and
 * every callable function of the catalog), storage, private realtime channels, postgres_changes
 * or the functions that act for the user; the same user at aal2 and a user without factors at
 * aal1 work normally. The catalog test makes a new table fail until it carries the restrictive
 * policy (supabase/migrations/20261201090000_mfa_aal2_everywhere.sql, decision 0148).
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { adminClient, confirmedUser, makeClient, PASSWORD } from '../support/auth-helpers.ts';
import { subscribe } from '../support/realtime-helpers.ts';
import { describeEachDb, type TestServer } from '../support/test-server.ts';
import type { Catalog } from './catalog.ts';
import { readCatalog } from './read-catalog.ts';

jest.setTimeout(120_000);

/**
 * Tables the aal2 policy must not apply to, each with the reason. Empty: nothing an enrolled user
 * needs before the second step lives in a table (the TOTP step talks only to /auth/v1).
 */
const NOT_GUARDED: Record<string, string> = {};

const TWILIO = {
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
  TWILIO_API_KEY_SID: 'SK00000000000000000000000000000002',
  TWILIO_API_KEY_SECRET: 'fake-secret-for-the-mfa-test',
};

interface Account {
  id: string;
  token: string;
  client: SupabaseClient;
}

async function signIn(server: TestServer, email: string): Promise<SupabaseClient> {
  const client = makeClient(server);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return client;
}

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session.access_token;
}

/** Enrols and verifies a TOTP factor on the client's session, which reaches aal2. */
async function enrolTotp(client: SupabaseClient): Promise<void> {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error || enrolled.data.type !== 'totp') throw new Error('enrol failed');
  const factorId = enrolled.data.id;
  const code = new TOTP({ secret: Secret.fromBase32(enrolled.data.totp.secret) }).generate();
  const verified = await client.auth.mfa.challengeAndVerify({ factorId, code });
  if (verified.error) throw verified.error;
}

async function account(client: SupabaseClient, id: string): Promise<Account> {
  return { id, client, token: await tokenOf(client) };
}

describeEachDb(
  'mfa: aal2 for users with a verified factor',
  ({ server }) => {
    let catalog: Catalog;
    /** The enrolled user: aal1 (password only) and aal2 (after the TOTP step). */
    let aal1: Account;
    let aal2: Account;
    /** A user without factors, signed in with the password (aal1). */
    let plain: Account;

    beforeAll(async () => {
      catalog = readCatalog(server());
      const meta = { name: 'Mfa User', account_type: 'professional' };
      const enrolled = await confirmedUser(server(), 'mfa-enrolled', meta);
      const stepUp = await signIn(server(), enrolled.email);
      await enrolTotp(stepUp);
      aal2 = await account(stepUp, enrolled.id);
      aal1 = await account(await signIn(server(), enrolled.email), enrolled.id);
      const other = await confirmedUser(server(), 'mfa-plain', meta);
      plain = await account(await signIn(server(), other.email), other.id);
    }, 120_000);

    const rest = async (who: Account, pathAndQuery: string, init: RequestInit = {}) => {
      const response = await fetch(`${server().url}/rest/v1${pathAndQuery}`, {
        ...init,
        headers: {
          apikey: server().anonKey,
          Authorization: `Bearer ${who.token}`,
          'Content-Type': 'application/json',
          Prefer: 'return=minimal',
        },
      });
      const text = await response.text();
      const body = text ? (JSON.parse(text) as unknown) : null;
      const code = (body as { code?: unknown } | null)?.code;
      return { status: response.status, code: typeof code === 'string' ? code : undefined, body };
    };

    test('the tokens carry the assurance level the policies read', async () => {
      expect((await aal1.client.auth.getClaims()).data?.claims.aal).toBe('aal1');
      expect((await aal2.client.auth.getClaims()).data?.claims.aal).toBe('aal2');
    });

    test('every table in public, storage.objects and realtime.messages has the aal2 policy', () => {
      const missing = catalog.mfaGuard
        .filter((t) => !t.guarded && !(t.relation in NOT_GUARDED))
        .map(
          (t) =>
            `${t.relation} lacks the restrictive policy "mfa: aal2 for enrolled users": create it as ` +
            `supabase/migrations/20261201090000_mfa_aal2_everywhere.sql does, or list the table in ` +
            `NOT_GUARDED with the reason`,
        );
      expect(missing).toEqual([]);
      expect(catalog.mfaGuard.map((t) => t.relation)).toEqual(
        expect.arrayContaining(['storage.objects', 'realtime.messages']),
      );
    });

    test('aal1 of an enrolled user: 403 on select, insert, update and delete of every table', async () => {
      const answers: string[] = [];
      for (const { relation, column } of catalog.mfaGuard) {
        if (!relation.startsWith('public.')) continue;
        const table = `/${relation.slice('public.'.length)}`;
        const filter = `?${encodeURIComponent(column)}=is.null`;
        const calls = {
          select: await rest(aal1, `${table}?select=*&limit=1`),
          insert: await rest(aal1, table, { method: 'POST', body: '{}' }),
          update: await rest(aal1, `${table}${filter}`, {
            method: 'PATCH',
            body: JSON.stringify({ [column]: null }),
          }),
          delete: await rest(aal1, `${table}${filter}`, { method: 'DELETE' }),
        };
        for (const [op, answer] of Object.entries(calls)) {
          if (answer.status !== 403 || answer.code !== 'PT403')
            answers.push(`${relation} ${op}: ${answer.status} ${answer.code ?? ''}`);
        }
      }
      expect(answers).toEqual([]);
    });

    test('aal1 of an enrolled user: 403 from every function the API can call', async () => {
      const callable = catalog.functions.filter((f) => f.authenticated);
      expect(callable.some((f) => f.securityDefiner)).toBe(true);
      const answers: string[] = [];
      for (const fn of callable) {
        const args = Object.fromEntries(fn.args.map((name) => [name, null]));
        const answer = await rest(aal1, `/rpc/${fn.name}`, {
          method: 'POST',
          body: JSON.stringify(args),
        });
        if (answer.status !== 403 || answer.code !== 'PT403')
          answers.push(`${fn.name}: ${answer.status} ${answer.code ?? ''}`);
      }
      expect(answers).toEqual([]);
      const refused = await aal1.client.rpc('regenerate_calendar_feed');
      expect(refused.error?.message).toBe('Two-factor authentication required');
      expect(refused.error?.hint).toMatch(/authenticator app/);
    });

    test('aal2, and aal1 without factors: every table and read-only function answers as before', async () => {
      const refusals: string[] = [];
      const tables = catalog.mfaGuard.filter((t) => t.relation.startsWith('public.'));
      const read = (who: Account, relation: string) =>
        rest(who, `/${relation.slice('public.'.length)}?select=*&limit=1`);
      let readable = 0;
      for (const { relation } of tables) {
        // A table the API roles have no grant on answers 403 for everyone (42501), as before.
        const [stepped, noFactor] = [await read(aal2, relation), await read(plain, relation)];
        if (noFactor.status === 200) readable += 1;
        if (stepped.status !== noFactor.status || stepped.code === 'PT403')
          refusals.push(`${relation}: aal2 ${stepped.status}, no factor ${noFactor.status}`);
      }
      expect(readable).toBeGreaterThan(tables.length / 2);
      for (const who of [aal2, plain]) {
        for (const fn of catalog.functions.filter((f) => f.authenticated && f.readOnly)) {
          const args = Object.fromEntries(fn.args.map((name) => [name, null]));
          const answer = await rest(who, `/rpc/${fn.name}`, {
            method: 'POST',
            body: JSON.stringify(args),
          });
          if (answer.code === 'PT403') refusals.push(`rpc ${fn.name}: ${answer.status}`);
        }
        const name = `Mfa ${who === plain ? 'Plain' : 'Stepped'}`;
        const updated = await who.client
          .from('profiles')
          .update({ name })
          .eq('id', who.id)
          .select('name');
        expect(updated.error).toBeNull();
        expect(updated.data).toEqual([{ name }]);
        const feed = await who.client.rpc('regenerate_calendar_feed');
        expect(feed.error).toBeNull();
      }
      expect(refusals).toEqual([]);
    });

    test('storage: aal1 lists, downloads and uploads nothing of its own; aal2 does', async () => {
      const own = `${aal2.id}/note.txt`;
      const uploaded = await aal2.client.storage
        .from('files')
        .upload(own, 'hello', { contentType: 'text/plain' });
      expect(uploaded.error).toBeNull();

      const files1 = aal1.client.storage.from('files');
      expect((await files1.list(aal2.id)).data ?? []).toEqual([]);
      expect((await files1.download(own)).error).not.toBeNull();
      const upload1 = await files1.upload(`${aal1.id}/aal1.txt`, 'x', {
        contentType: 'text/plain',
      });
      expect(upload1.error).not.toBeNull();
      expect((await files1.remove([own])).data ?? []).toEqual([]);

      const files2 = aal2.client.storage.from('files');
      expect((await files2.list(aal2.id)).data?.map((f) => f.name)).toEqual(['note.txt']);
      expect(await (await files2.download(own)).data?.text()).toBe('hello');
      const plainUpload = await plain.client.storage
        .from('files')
        .upload(`${plain.id}/note.txt`, 'hi', { contentType: 'text/plain' });
      expect(plainUpload.error).toBeNull();
    });

    test('realtime: aal1 joins no private channel and receives no row changes; aal2 does', async () => {
      const channels: RealtimeChannel[] = [];
      // The step-up client's socket still holds the aal1 token it connected with.
      await aal2.client.realtime.setAuth(aal2.token);
      const join = (who: Account, topic: string) => {
        const channel = who.client.channel(topic, { config: { private: true } });
        channels.push(channel);
        return subscribe(channel);
      };
      const changes = (who: Account) => {
        const seen: unknown[] = [];
        const channel = who.client
          .channel(`changes-${who.token.slice(-8)}`)
          .on(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'notifications' },
            (payload) => seen.push(payload.new),
          );
        channels.push(channel);
        return { seen, ready: subscribe(channel) };
      };
      try {
        expect((await join(aal1, `user:${aal1.id}`)).status).toBe('CHANNEL_ERROR');
        expect((await join(aal2, `user:${aal2.id}`)).status).toBe('SUBSCRIBED');
        expect((await join(plain, `user:${plain.id}`)).status).toBe('SUBSCRIBED');

        const at1 = changes(aal1);
        const at2 = changes(aal2);
        expect((await at1.ready).status).toBe('SUBSCRIBED');
        expect((await at2.ready).status).toBe('SUBSCRIBED');
        const inserted = await adminClient(server()).from('notifications').insert({
          user_id: aal2.id,
          kind: 'appointment_reminder_24h',
          title: 'Reminder',
          body: 'A call tomorrow',
        });
        expect(inserted.error).toBeNull();
        for (let i = 0; i < 100 && at2.seen.length === 0; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(at2.seen).toHaveLength(1);
        // Same row, same moment: had aal1 been allowed to see it, it would have arrived too.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(at1.seen).toEqual([]);
      } finally {
        for (const channel of channels) await channel.unsubscribe();
        for (const who of [aal1, aal2, plain]) who.client.realtime.disconnect();
      }
    });

    test('functions that act for the user: 403 at aal1 with a clear message; 2xx at aal2', async () => {
      const invoke = async (who: Account, name: string, body: unknown) => {
        const response = await fetch(`${server().url}/functions/v1/${name}`, {
          method: 'POST',
          headers: {
            apikey: server().anonKey,
            Authorization: `Bearer ${who.token}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(body),
        });
        return {
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
        };
      };
      const calls: [string, unknown][] = [
        ['self-check', {}],
        ['export-my-data', {}],
        ['video-token', { conversationId: '00000000-0000-4000-8000-000000000000' }],
        ['delete-my-account', { confirmation: 'DELETE MY ACCOUNT' }],
      ];
      for (const [name, body] of calls) {
        const refused = await invoke(aal1, name, body);
        expect({ name, status: refused.status, code: refused.body.code }).toEqual({
          name,
          status: 403,
          code: 'insufficient_aal',
        });
        expect(refused.body.error).toMatch(/authenticator app/);
      }
      // delete-my-account refused: the account is still there.
      const still = await adminClient(server()).auth.admin.getUserById(aal1.id);
      expect(still.data.user?.id).toBe(aal1.id);

      expect((await invoke(aal2, 'self-check', {})).status).toBe(200);
      expect((await invoke(aal2, 'export-my-data', {})).status).toBe(202);
      expect((await invoke(plain, 'self-check', {})).status).toBe(200);
    });
  },
  { env: TWILIO },
);
