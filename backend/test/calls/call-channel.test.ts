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
import { must, newClient } from '../support/fixtures-rls-world.ts';
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

  test('call recordings: the two participants read them, nobody else reads or writes them', async () => {
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);
    const path = `${conversationId}/${a.id}/${randomUUID()}.webm`;
    const stored = await a.client.storage
      .from('call-recordings')
      .upload(path, webm, { contentType: 'video/webm' });
    expect(stored.error).toBeNull();
    const shared = await a.client.from('files').insert({
      bucket: 'call-recordings',
      storage_path: path,
      name: 'Call recording.webm',
      mime_type: 'video/webm',
      size_bytes: webm.length,
      shared_with: [b.id],
    });
    expect(shared.error).toBeNull();

    const partner = await b.client.storage.from('call-recordings').download(path);
    expect(partner.error).toBeNull();
    expect(new Uint8Array(await partner.data!.arrayBuffer())).toEqual(webm);
    const listed = await b.client.from('files').select('name').eq('storage_path', path);
    expect(listed.data).toEqual([{ name: 'Call recording.webm' }]);

    const outsider = await c.client.storage.from('call-recordings').download(path);
    expect(outsider.data).toBeNull();
    expect((await c.client.from('files').select('id').eq('storage_path', path)).data).toEqual([]);
    const intrude = await c.client.storage
      .from('call-recordings')
      .upload(`${conversationId}/${c.id}/x.webm`, webm, { contentType: 'video/webm' });
    expect(intrude.error).not.toBeNull();
    // Each participant writes only into their own folder.
    const impersonate = await b.client.storage
      .from('call-recordings')
      .upload(`${conversationId}/${a.id}/y.webm`, webm, { contentType: 'video/webm' });
    expect(impersonate.error).not.toBeNull();
  });

  test('visitors and staff reach neither the call channel nor its recordings', async () => {
    const service = newClient(server(), server().serviceRoleKey);
    const [staff] = (await makeUsers(server(), 1)) as [RtUser];
    const visitor = newClient(server(), server().anonKey);
    try {
      must(
        await service.from('admin_users').insert({ user_id: staff.id, role: 'super_admin' }),
        'admin',
      );
      const topic = `call:${conversationId}`;
      const staffJoin = await subscribe(staff.client.channel(topic, { config: { private: true } }));
      expect(staffJoin.status).toBe('CHANNEL_ERROR');
      const visitorJoin = await subscribe(visitor.channel(topic, { config: { private: true } }));
      expect(visitorJoin.status).toBe('CHANNEL_ERROR');
      const listed = await staff.client.storage
        .from('call-recordings')
        .list(`${conversationId}/${a.id}`);
      expect(listed.data ?? []).toEqual([]);
      const anonymous = await visitor.storage
        .from('call-recordings')
        .list(`${conversationId}/${a.id}`);
      expect(anonymous.data ?? []).toEqual([]);
    } finally {
      await closeClient(staff);
      visitor.realtime.disconnect();
    }
  });
});
