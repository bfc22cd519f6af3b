import { type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  closeClient,
  Inbox,
  makeUsers,
  openRawSocket,
  sleep,
  subscribe,
  tokenClient,
  type RtUser,
} from '../support/realtime-helpers.ts';
import { describeEachDb, mintUserToken, signHs256 } from '../support/test-server.ts';

jest.setTimeout(20_000);
type Message = { event: string; payload: unknown };
const userOf = (change: RealtimePostgresChangesPayload<{ user_id: string }>) =>
  'user_id' in change.new ? change.new.user_id : undefined;

describeEachDb('realtime channels', ({ server }) => {
  let a: RtUser, b: RtUser, c: RtUser;
  const extra: SupabaseClient[] = [];
  const later = (client: SupabaseClient) => (extra.push(client), client);

  beforeAll(async () => {
    [a, b, c] = (await makeUsers(server(), 3)) as [RtUser, RtUser, RtUser];
  }, 60_000);
  afterAll(async () => {
    for (const user of [a, b, c]) await closeClient(user);
    for (const client of extra) client.realtime.disconnect();
  });

  test('broadcast: self and ack, JSON and binary payloads', async () => {
    const mine = new Inbox<Message>();
    const theirs = new Inbox<Message>();
    const sender = a.client
      .channel('room-1', { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: '*' }, mine.push);
    const receiver = b.client.channel('room-1').on('broadcast', { event: '*' }, theirs.push);
    await subscribe(sender);
    await subscribe(receiver);
    expect(await sender.send({ type: 'broadcast', event: 'hi', payload: { n: 1 } })).toBe('ok');
    const bytes = new Uint8Array([1, 2, 250]).buffer;
    expect(await sender.send({ type: 'broadcast', event: 'bin', payload: bytes })).toBe('ok');
    await theirs.waitFor((items) => items.length === 2);
    await mine.waitFor((items) => items.length === 2);
    expect(theirs.items[0]).toMatchObject({ event: 'hi', payload: { n: 1 } });
    expect([...new Uint8Array(theirs.items[1]!.payload as ArrayBuffer)]).toEqual([1, 2, 250]);
  });

  test('broadcast without self does not echo; vsn 1.0.0 clients take part', async () => {
    const old = later(tokenClient(server().url, server().anonKey, () => server().anonKey, '1.0.0'));
    const heard = new Inbox<Message>();
    const echo = new Inbox<Message>();
    const listener = old.channel('room-2').on('broadcast', { event: 'x' }, heard.push);
    const sender = a.client.channel('room-2').on('broadcast', { event: 'x' }, echo.push);
    await subscribe(listener);
    await subscribe(sender);
    await sender.send({ type: 'broadcast', event: 'x', payload: { v: 1 } });
    await heard.waitFor((items) => items.length === 1);
    await sleep(200);
    expect(echo.items).toEqual([]);
  });

  test('presence: joins and leaves reach the other member', async () => {
    const joins = new Inbox<{ key: string }>();
    const leaves = new Inbox<{ key: string }>();
    const watcher = b.client
      .channel('lobby', { config: { presence: { key: b.id } } })
      .on('presence', { event: 'join' }, joins.push)
      .on('presence', { event: 'leave' }, leaves.push);
    const tracker = a.client.channel('lobby', { config: { presence: { key: a.id } } });
    await subscribe(watcher);
    await subscribe(tracker);
    expect(await tracker.track({ status: 'online' })).toBe('ok');
    await joins.waitFor((items) => items.some((item) => item.key === a.id));
    expect(watcher.presenceState()[a.id]?.[0]).toMatchObject({ status: 'online' });
    await tracker.untrack();
    await leaves.waitFor((items) => items.some((item) => item.key === a.id));
    await tracker.track({ status: 'online' });
    await joins.waitFor((items) => items.filter((item) => item.key === a.id).length === 2);
    await a.client.removeChannel(tracker);
    await leaves.waitFor((items) => items.filter((item) => item.key === a.id).length === 2);
  });

  test('HTTP broadcast: both endpoints answer 202 and deliver; private needs permission', async () => {
    const heard = new Inbox<Message>();
    await subscribe(b.client.channel('news').on('broadcast', { event: '*' }, heard.push));
    const sender = a.client.channel('news');
    expect(await sender.httpSend('one', { n: 1 })).toEqual({ success: true });
    const response = await fetch(`${server().url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: server().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'news', event: 'two', payload: { n: 2 } }] }),
    });
    expect(response.status).toBe(202);
    await heard.waitFor((items) => items.length === 2);
    expect(heard.items.map((item) => item.event)).toEqual(['one', 'two']);
    const intruder = c.client.channel(`user:${a.id}`, { config: { private: true } });
    await expect(intruder.httpSend('x', {})).rejects.toThrow(/Unauthorized/);
  });

  test('private channels: only the user on user:<id>, only the parties on call:<appointment>', async () => {
    const { data, error } = await a.client
      .rpc('propose_appointment', {
        p_with: b.id,
        p_times: [new Date(Date.now() + 3_600_000).toISOString()],
        p_duration_minutes: 60,
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const call = `call:${(data as { id: string }).id}`;
    const join = (user: RtUser, topic: string) =>
      subscribe(user.client.channel(topic, { config: { private: true } }));
    expect((await join(a, call)).status).toBe('SUBSCRIBED');
    expect((await join(b, call)).status).toBe('SUBSCRIBED');
    const refused = await join(c, call);
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.error?.message).toMatch(/Unauthorized/);
    expect((await join(c, `user:${a.id}`)).status).toBe('CHANNEL_ERROR');
    expect((await join(c, `user:${c.id}`)).status).toBe('SUBSCRIBED');
  });

  test('expired and forged tokens cannot join (raw frames: realtime-js drops expired ones itself)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = mintUserToken(a.id, { iat: now - 7200, exp: now - 3600 });
    const forged = signHs256({ sub: a.id, role: 'authenticated', exp: now + 3600 }, 'x'.repeat(40));
    const socket = await openRawSocket(server().url, server().anonKey);
    for (const [i, token] of [expired, forged].entries()) {
      const join = { config: { private: false }, access_token: token };
      const [, , , event, payload] = await socket.call([
        `${i}`,
        `${i}`,
        'realtime:raw',
        'phx_join',
        join,
      ]);
      expect(event).toBe('phx_reply');
      expect(payload).toMatchObject({
        status: 'error',
        response: { reason: expect.stringMatching(/expired|JWT/) },
      });
    }
    const good = { config: {}, access_token: mintUserToken(a.id) };
    const [, , , , ok] = await socket.call(['9', '9', 'realtime:raw', 'phx_join', good]);
    expect(ok).toMatchObject({ status: 'ok' });
    socket.close();
    const wsUrl = `${server().url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${forged}`;
    const status = await new Promise<number>((resolve) => {
      const refused = new WebSocket(wsUrl);
      refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      refused.on('open', () => resolve(101));
      refused.on('error', () => undefined);
    });
    expect(status).toBe(403);
  });

  test('access_token updates switch whose rows arrive; a forged update closes the channel', async () => {
    const { url, anonKey } = server();
    const client = later(tokenClient(url, anonKey, () => mintUserToken(a.id)));
    const inbox = new Inbox<RealtimePostgresChangesPayload<{ user_id: string }>>();
    const statuses: string[] = [];
    const channel = client
      .channel('tokens')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'user_presence' }, inbox.push);
    channel.subscribe((status) => statuses.push(status));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const until = Date.now() + 5000;
    while (!statuses.includes('SUBSCRIBED') && Date.now() < until) await sleep(20);
    await client.realtime.setAuth(mintUserToken(c.id));
    await sleep(300);
    await a.client.rpc('update_user_presence', { p_user_id: a.id, p_status: 'away' });
    await c.client.rpc('update_user_presence', { p_user_id: c.id, p_status: 'away' });
    await inbox.waitFor((items) => items.some((item) => userOf(item) === c.id));
    expect(inbox.items.map(userOf)).not.toContain(a.id);
    await client.realtime.setAuth(signHs256({ sub: c.id, role: 'authenticated' }, 'y'.repeat(40)));
    const deadline = Date.now() + 5000;
    while (!statuses.includes('CLOSED') && Date.now() < deadline) await sleep(20);
    expect(statuses).toContain('CLOSED');
  });

  test('a client that stops reading neither stalls the others nor grows without bound', async () => {
    const stalled = await openRawSocket(server().url, server().anonKey);
    const join = { config: {}, access_token: server().anonKey };
    await stalled.call(['1', '1', 'realtime:flood', 'phx_join', join]);
    stalled.pause();
    const heard = new Inbox<Message>();
    await subscribe(b.client.channel('flood').on('broadcast', { event: 'big' }, heard.push));
    const chunk = 'z'.repeat(60_000);
    for (let batch = 0; batch < 25; batch++) {
      const messages = Array.from({ length: 10 }, (_, i) => ({
        topic: 'flood',
        event: 'big',
        payload: { n: batch * 10 + i, chunk },
      }));
      const response = await fetch(`${server().url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: server().anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ messages }),
      });
      expect(response.status).toBe(202);
    }
    // 15 MB queued for the stalled socket: it is cut off at 8 MB, the reader gets everything.
    await heard.waitFor((items) => items.length === 250, 15_000);
    // Once it reads again, it finds the server hung up on it.
    stalled.resume();
    await stalled.closed(10_000);
  });

  test('presence beacon sets only the caller offline', async () => {
    const post = (body: unknown, token?: string) =>
      fetch(`${server().url}/api/update-presence-offline`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    await a.client.rpc('update_user_presence', { p_user_id: a.id, p_status: 'online' });
    const tokenA = mintUserToken(a.id);
    expect((await post({ user_id: a.id, status: 'offline' })).status).toBe(401);
    expect((await post({ user_id: b.id, status: 'offline' }, tokenA)).status).toBe(403);
    expect((await post({ user_id: a.id, status: 'offline' }, tokenA)).status).toBe(204);
    const row = await a.client.from('user_presence').select('status').eq('user_id', a.id).single();
    expect(row.data).toEqual({ status: 'offline' });
    // sendBeacon cannot set headers: the token may ride in the body instead.
    await b.client.rpc('update_user_presence', { p_user_id: b.id, p_status: 'online' });
    const viaBody = { user_id: b.id, status: 'offline', access_token: mintUserToken(b.id) };
    expect((await post(viaBody)).status).toBe(204);
  });
});
