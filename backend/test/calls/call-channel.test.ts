/**
 * The call's signalling channel call:<conversation id> and the call event in the conversation:
 * only the two participants join, hear and speak on the channel (a third signed-in user can
 * neither receive nor send there, nor over HTTP broadcast), a blocked pair cannot use it, and a
 * finished call reported by both parties is kept once, as a call event with its length.
 */
import { randomUUID } from 'node:crypto';
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

jest.setTimeout(30_000);
type Message = { event: string; payload: unknown };

describeEachDb('calls: signalling channel and call events', ({ server }) => {
  let a: RtUser, b: RtUser, c: RtUser;
  let conversationId: string;

  beforeAll(async () => {
    [a, b, c] = (await makeUsers(server(), 3)) as [RtUser, RtUser, RtUser];
    conversationId = await converse(a, b);
  }, 60_000);
  afterAll(async () => {
    for (const user of [a, b, c]) await closeClient(user);
  });

  test('only the two participants join call:<conversation>, hear and send on it', async () => {
    const topic = `call:${conversationId}`;
    const heardByB = new Inbox<Message>();
    const heardByC = new Inbox<Message>();
    const channelA = a.client.channel(topic, { config: { private: true } });
    const channelB = b.client
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, heardByB.push);
    const channelC = c.client
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, heardByC.push);
    expect((await subscribe(channelA)).status).toBe('SUBSCRIBED');
    expect((await subscribe(channelB)).status).toBe('SUBSCRIBED');
    const refused = await subscribe(channelC);
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.error?.message).toMatch(/Unauthorized/);

    expect(await channelA.send({ type: 'broadcast', event: 'signal', payload: { n: 1 } })).toBe(
      'ok',
    );
    await heardByB.waitFor((items) => items.length === 1);
    await expect(
      c.client.channel(topic, { config: { private: true } }).httpSend('signal', { n: 2 }),
    ).rejects.toThrow(/Unauthorized/);
    await sleep(300);
    expect(heardByC.items).toEqual([]);
    expect(heardByB.items).toHaveLength(1);
  });

  test('a blocked pair cannot use the call channel', async () => {
    const [d, e] = (await makeUsers(server(), 2)) as [RtUser, RtUser];
    try {
      const other = await converse(d, e);
      const { error } = await e.client.from('user_blocks').insert({ blocked_id: d.id });
      expect(error).toBeNull();
      const join = await subscribe(
        d.client.channel(`call:${other}`, { config: { private: true } }),
      );
      expect(join.status).toBe('CHANNEL_ERROR');
    } finally {
      await closeClient(d);
      await closeClient(e);
    }
  });

  test('a call reported by both parties is one call event with its length; nobody forges one', async () => {
    const callId = randomUUID();
    const first = await a.client.rpc('record_call', {
      p_call_id: callId,
      p_conversation_id: conversationId,
      p_seconds: 125,
    });
    expect(first.error).toBeNull();
    const second = await b.client.rpc('record_call', {
      p_call_id: callId,
      p_conversation_id: conversationId,
      p_seconds: 126,
    });
    expect(second.error).toBeNull();
    const { data } = await b.client
      .from('messages')
      .select('kind, call_seconds, content, read_at')
      .eq('client_id', callId);
    expect(data).toEqual([
      { kind: 'call', call_seconds: 125, content: 'Video call, 2:05', read_at: expect.any(String) },
    ]);

    const stranger = await c.client.rpc('record_call', {
      p_call_id: randomUUID(),
      p_conversation_id: conversationId,
      p_seconds: 10,
    });
    expect(stranger.error?.message).toBe('Conversation not found.');
    const forged = await a.client.from('messages').insert({
      conversation_id: conversationId,
      content: 'Video call, 99:00',
      kind: 'call',
      call_seconds: 5940,
    });
    expect(forged.error?.code).toBe('42501');
  });
});
