import path from 'node:path';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import {
  closeClient,
  converse,
  Inbox,
  makeUsers,
  sleep,
  subscribe,
  type RtUser,
} from '../support/realtime-helpers.ts';
import { describeEachDb } from '../support/test-server.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
const fixtures = path.join(__dirname, '../support/fixtures/realtime-migrations');
const changes = 'postgres_changes' as const;
jest.setTimeout(20_000);

function watch(user: RtUser, name: string, table: string, event = '*', filter?: string) {
  const inbox = new Inbox<Change>();
  const channel = user.client
    .channel(name)
    .on(changes, { event: event as '*', schema: 'public', table, filter }, inbox.push);
  return { inbox, channel };
}

describeEachDb(
  'realtime postgres changes',
  ({ server }) => {
    let a: RtUser, b: RtUser, c: RtUser;
    let conversation: string;

    beforeAll(async () => {
      [a, b, c] = (await makeUsers(server(), 3)) as [RtUser, RtUser, RtUser];
      conversation = await converse(a, b);
    }, 60_000);
    afterAll(async () => {
      for (const user of [a, b, c]) await closeClient(user);
    });

    test('delivery matrix: messages reach the participants only, under RLS', async () => {
      const toB = watch(b, 'm-b', 'messages');
      const toC = watch(c, 'm-c', 'messages');
      expect((await subscribe(toB.channel)).status).toBe('SUBSCRIBED');
      expect((await subscribe(toC.channel)).status).toBe('SUBSCRIBED');
      const sent = await a.client
        .from('messages')
        .insert({ conversation_id: conversation, content: 'private hello' });
      expect(sent.error).toBeNull();
      const [got] = await toB.inbox.waitFor((items) => items.length === 1);
      expect(got).toMatchObject({ eventType: 'INSERT', table: 'messages' });
      expect(got?.new).toMatchObject({ content: 'private hello', sender_id: a.id });
      await sleep(400);
      expect(toC.inbox.items).toEqual([]);
    });

    test('a burst checked in batches: each change once, in order, to the participants only', async () => {
      // Changes arriving while a check is under way are checked together in one round trip
      // (backend/src/realtime/changes.ts); RLS must still decide per subscriber and per row.
      const toB = watch(b, 'burst-b', 'messages', 'INSERT', `conversation_id=eq.${conversation}`);
      const toC = watch(c, 'burst-c', 'messages', 'INSERT');
      await subscribe(toB.channel);
      await subscribe(toC.channel);
      const burst = Array.from({ length: 30 }, (_, n) => ({
        conversation_id: conversation,
        content: `burst ${n}`,
      }));
      expect((await a.client.from('messages').insert(burst.slice(0, 15))).error).toBeNull();
      expect((await a.client.from('messages').insert(burst.slice(15))).error).toBeNull();
      await toB.inbox.waitFor((items) => items.length >= 30, 15_000);
      await sleep(400);
      expect(toB.inbox.items.map((item) => (item.new as { content: string }).content)).toEqual(
        burst.map((row) => row.content),
      );
      expect(toC.inbox.items).toEqual([]);
    });

    test('presence rows: contacts see updates live, strangers never', async () => {
      const toB = watch(b, 'p-b', 'user_presence');
      const toC = watch(c, 'p-c', 'user_presence');
      await subscribe(toB.channel);
      await subscribe(toC.channel);
      const rpc = await a.client.rpc('update_user_presence', { p_user_id: a.id, p_status: 'busy' });
      expect(rpc.error).toBeNull();
      const [got] = await toB.inbox.waitFor((items) => items.length >= 1);
      expect(got?.new).toMatchObject({ user_id: a.id, status: 'busy' });
      await sleep(400);
      expect(toC.inbox.items).toEqual([]);
    });

    test('filters eq, neq, lt, lte, gt, gte, in', async () => {
      const filters = ['n=eq.3', 'n=neq.3', 'n=lt.3', 'n=lte.3', 'n=gt.3', 'n=gte.3', 'n=in.(1,4)'];
      const inboxes = filters.map(() => new Inbox<Change>());
      let channel = a.client.channel('filters');
      filters.forEach((filter, i) => {
        channel = channel.on(
          changes,
          { event: 'INSERT', schema: 'public', table: 'rt_items', filter },
          inboxes[i]!.push,
        );
      });
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
      const run = `f-${Date.now()}`;
      const rows = [1, 2, 3, 4, 5].map((n) => ({ n, label: run }));
      expect((await a.client.from('rt_items').insert(rows)).error).toBeNull();
      const expected = [[3], [1, 2, 4, 5], [1, 2], [1, 2, 3], [4, 5], [3, 4, 5], [1, 4]];
      for (const [i, inbox] of inboxes.entries()) {
        const want = expected[i]!;
        await inbox.waitFor((items) => items.length >= want.length);
        await sleep(50);
        expect(inbox.items.map((item) => (item.new as { n: number }).n).sort()).toEqual(want);
      }
    });

    test('N committed rows give N deliveries, in order', async () => {
      const { inbox, channel } = watch(a, 'n-of-n', 'rt_items', 'INSERT', 'label=eq.burst');
      await subscribe(channel);
      const batch = Array.from({ length: 60 }, (_, n) => ({ n, label: 'burst' }));
      expect((await a.client.from('rt_items').insert(batch)).error).toBeNull();
      const singles = Array.from({ length: 40 }, (_, i) =>
        a.client.from('rt_items').insert({ n: 100 + i, label: 'burst' }),
      );
      for (const result of await Promise.all(singles)) expect(result.error).toBeNull();
      await inbox.waitFor((items) => items.length >= 100, 15_000);
      await sleep(300);
      expect(inbox.items).toHaveLength(100);
      const ns = inbox.items.map((item) => (item.new as { n: number }).n);
      expect(ns.slice(0, 60)).toEqual(batch.map((row) => row.n));
    });

    test('a row over 8 KB arrives whole; update and delete shapes', async () => {
      const { inbox, channel } = watch(a, 'big', 'rt_items', '*', 'label=neq.burst');
      await subscribe(channel);
      const label = 'x'.repeat(20_000);
      const made = await a.client.from('rt_items').insert({ n: 7, label }).select('id').single();
      expect(made.error).toBeNull();
      const id = (made.data as { id: number }).id;
      await inbox.waitFor((items) => items.length >= 1);
      expect(inbox.items[0]?.new).toMatchObject({ id, n: 7, label });
      await a.client.from('rt_items').update({ n: 8 }).eq('id', id);
      await a.client.from('rt_items').delete().eq('id', id);
      await inbox.waitFor((items) => items.length >= 3);
      expect(inbox.items[1]).toMatchObject({ eventType: 'UPDATE', new: { id, n: 8 }, old: { id } });
      // Like hosted Supabase under RLS: a delete carries only the old primary key.
      expect(inbox.items[2]).toMatchObject({ eventType: 'DELETE', old: { id } });
      expect(Object.keys(inbox.items[2]!.old)).toEqual(['id']);
    });
  },
  { extraMigrationsDir: fixtures },
);
