/**
 * Realtime topics the frontends use, attacked by a stranger: the anon key alone, and a signed-in
 * user who is not a participant. Joining publicly a topic the app uses privately gives a channel
 * of its own (a different namespace): nothing the participants send reaches it, and nothing sent
 * on it (broadcast or presence, over the websocket or the HTTP API) reaches them. Joining or
 * sending privately is refused. The participants still exchange broadcast and presence on the
 * private channel, and the owner of a per-user channel still receives its row changes.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import {
  closeClient,
  converse,
  Inbox,
  makeUsers,
  sleep,
  subscribe,
  type RtUser,
} from '../support/realtime-helpers.ts';
import { newClient } from '../support/fixtures-rls-world.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(60_000);
type Message = { event: string; payload: unknown };

/** A private listener: what it hears, and who it sees present. */
interface Listener {
  channel: RealtimeChannel;
  heard: Inbox<Message>;
}

async function listen(client: SupabaseClient, topic: string, key: string): Promise<Listener> {
  const heard = new Inbox<Message>();
  const channel = client
    .channel(topic, { config: { private: true, presence: { key } } })
    .on('broadcast', { event: '*' }, heard.push)
    // realtime-js asks for presence only when something listens to it.
    .on('presence', { event: 'sync' }, () => undefined);
  expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
  expect(await channel.track({ who: key })).toBe('ok');
  return { channel, heard };
}

const presentKeys = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort();

describeEachDb('security: realtime topics are private to their members', ({ server }) => {
  let a: RtUser, b: RtUser, stranger: RtUser;
  let anon: SupabaseClient;
  let conversationId: string;

  beforeAll(async () => {
    [a, b, stranger] = (await makeUsers(server(), 3)) as [RtUser, RtUser, RtUser];
    conversationId = await converse(a, b);
    anon = newClient(server(), server().anonKey);
  }, 60_000);
  afterAll(async () => {
    for (const user of [a, b, stranger]) await closeClient(user);
    anon.realtime.disconnect();
  });

  /** Every topic the frontends open: the conversation's, and the per-user ones of `a`. */
  const topics = () => ({
    shared: [`call:${conversationId}`, `conversation:${conversationId}`],
    own: [
      `user:${a.id}`,
      `inbox:${a.id}:1`,
      `appointments:${a.id}:1`,
      `reminders:${a.id}:1`,
      `notification-centre:${a.id}:1`,
      `self-check:${a.id}:nonce`,
    ],
  });

  /** Everything a stranger can try on `topic`; returns the public channels it opened. */
  async function attack(client: SupabaseClient, topic: string, tag: string) {
    // realtime-js keeps one channel per topic and client: each is removed before the next.
    const privately = client.channel(topic, { config: { private: true } });
    expect((await subscribe(privately)).status).toBe('CHANNEL_ERROR');
    await expect(privately.httpSend('signal', { forged: tag })).rejects.toThrow(/Unauthorized/);
    await client.removeChannel(privately);

    const heard = new Inbox<Message>();
    const open = client
      .channel(topic, { config: { presence: { key: `stranger-${tag}` } } })
      .on('broadcast', { event: '*' }, heard.push)
      .on('presence', { event: 'sync' }, () => undefined);
    expect((await subscribe(open)).status).toBe('SUBSCRIBED');
    expect(await open.track({ forged: tag })).toBe('ok');
    expect(await open.send({ type: 'broadcast', event: 'signal', payload: { forged: tag } })).toBe(
      'ok',
    );
    await open.httpSend('signal', { forged: `${tag}-http` });
    const { url, anonKey } = server();
    const many = await fetch(`${url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ topic, event: 'consent', payload: { forged: `${tag}-batch` } }],
      }),
    });
    expect(many.status).toBe(202);
    return { client, open, heard };
  }

  test('strangers neither hear nor reach the participants of call: and conversation: topics', async () => {
    for (const topic of topics().shared) {
      const toA = await listen(a.client, topic, 'a');
      const toB = await listen(b.client, topic, 'b');
      await toA.heard.waitFor(() => presentKeys(toA.channel).join() === 'a,b');
      const opened = [
        await attack(anon, topic, 'anon'),
        await attack(stranger.client, topic, 'user'),
      ];
      // The legitimate path: a's signal and presence reach b, on the private channel only.
      expect(
        await toA.channel.send({ type: 'broadcast', event: 'signal', payload: { from: 'a' } }),
      ).toBe('ok');
      await toB.heard.waitFor((items) => items.some((m) => m.event === 'signal'));
      await sleep(400);
      expect(toB.heard.items).toEqual([
        expect.objectContaining({ event: 'signal', payload: { from: 'a' } }),
      ]);
      expect(toA.heard.items).toEqual([]);
      expect(presentKeys(toA.channel)).toEqual(['a', 'b']);
      expect(presentKeys(toB.channel)).toEqual(['a', 'b']);
      for (const { client, open, heard } of opened) {
        expect(heard.items.filter((m) => JSON.stringify(m).includes('"from":"a"'))).toEqual([]);
        expect(presentKeys(open)).not.toContain('a');
        expect(presentKeys(open)).not.toContain('b');
        await client.removeChannel(open);
      }
      await a.client.removeChannel(toA.channel);
      await b.client.removeChannel(toB.channel);
    }
  });

  test("strangers neither hear nor reach a user's own topics; the user receives their row changes", async () => {
    for (const topic of topics().own) {
      const toA = await listen(a.client, topic, 'a');
      const opened = [
        await attack(anon, topic, 'anon'),
        await attack(stranger.client, topic, 'user'),
      ];
      await sleep(400);
      expect(toA.heard.items).toEqual([]);
      expect(presentKeys(toA.channel)).toEqual(['a']);
      for (const { client, open } of opened) {
        expect(presentKeys(open)).not.toContain('a');
        await client.removeChannel(open);
      }
      await a.client.removeChannel(toA.channel);
    }
    const changes = new Inbox<unknown>();
    const inbox = a.client
      .channel(`inbox:${a.id}:2`, { config: { private: true } })
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'messages' },
        changes.push,
      );
    expect((await subscribe(inbox)).status).toBe('SUBSCRIBED');
    const sent = await b.client
      .from('messages')
      .insert({ conversation_id: conversationId, content: 'to the private inbox' });
    expect(sent.error).toBeNull();
    await changes.waitFor((items) => items.length === 1);
    await a.client.removeChannel(inbox);
  });
});
