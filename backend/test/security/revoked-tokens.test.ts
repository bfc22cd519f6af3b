/**
 * An access token outlives its session only until the session ends: after a staff suspension, a
 * global sign-out or a local sign-out, the old (still unexpired) token is refused by storage
 * upload and download and by a realtime join, and a channel it already joined is closed and
 * stops receiving broadcasts and row changes. A local sign-out ends that session only: the same
 * user's other session keeps working.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import {
  closeClient,
  converse,
  Inbox,
  makeUsers,
  sleep,
  subscribe,
  tokenClient,
  type RtUser,
} from '../support/realtime-helpers.ts';
import { ALL_AREAS, must, newClient } from '../support/fixtures-rls-world.ts';
import { statusOf } from '../support/storage-fixtures.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(60_000);

const pdf = Buffer.from('%PDF-1.4 test');
const upload = (client: SupabaseClient, path: string) =>
  client.storage.from('files').upload(path, pdf, { contentType: 'application/pdf', upsert: true });

/** What a signed-in user's current token can do, seen through a client holding only that token. */
interface Victim {
  user: RtUser;
  partner: RtUser;
  conversationId: string;
  old: SupabaseClient;
  channel: RealtimeChannel;
  heard: Inbox<string>;
  statuses: string[];
}

describeEachDb('security: tokens of ended sessions', ({ server }) => {
  let service: SupabaseClient;
  let admin: RtUser;
  const clients: SupabaseClient[] = [];
  const users: RtUser[] = [];

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    [admin] = (await makeUsers(server(), 1)) as [RtUser];
    users.push(admin);
    must(
      await service
        .from('admin_users')
        .insert({ user_id: admin.id, role: 'admin', permissions: ALL_AREAS }),
      'seed staff',
    );
  }, 60_000);
  afterAll(async () => {
    for (const user of users) await closeClient(user);
    for (const client of clients) client.realtime.disconnect();
  });

  /** A user with a partner, whose token uploads, downloads and listens (checked) before it ends. */
  async function signedInVictim(): Promise<Victim> {
    const [user, partner] = (await makeUsers(server(), 2)) as [RtUser, RtUser];
    users.push(user, partner);
    const conversationId = await converse(user, partner);
    const token = (await user.client.auth.getSession()).data.session?.access_token;
    if (!token) throw new Error('no access token');
    const old = tokenClient(server().url, server().anonKey, () => token);
    clients.push(old);
    expect(statusOf(await upload(old, `${user.id}/before.pdf`))).toBe('ok');
    expect(statusOf(await old.storage.from('files').download(`${user.id}/before.pdf`))).toBe('ok');
    const heard = new Inbox<string>();
    const statuses: string[] = [];
    const channel = old
      .channel(`conversation:${conversationId}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, ({ payload }) => heard.push(JSON.stringify(payload)))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, (c) =>
        heard.push(JSON.stringify(c.new)),
      );
    channel.subscribe((status) => statuses.push(status));
    const deadline = Date.now() + 10_000;
    while (statuses.length === 0 && Date.now() < deadline) await sleep(20);
    expect(statuses).toEqual(['SUBSCRIBED']);
    const victim = { user, partner, conversationId, old, channel, heard, statuses };
    await partnerSends(victim, 'before');
    await heard.waitFor((items) => items.length === 2);
    return victim;
  }

  /** The partner broadcasts on the private channel and writes a message in the conversation. */
  async function partnerSends(victim: Victim, tag: string) {
    const topic = `conversation:${victim.conversationId}`;
    await victim.partner.client.channel(topic, { config: { private: true } }).httpSend('typing', {
      tag,
    });
    const sent = await victim.partner.client
      .from('messages')
      .insert({ conversation_id: victim.conversationId, content: `message ${tag}` });
    expect(sent.error).toBeNull();
  }

  /** After the session ended: the old token is refused everywhere and its channel went quiet. */
  async function expectRefused(victim: Victim) {
    const { user, old, heard, statuses } = victim;
    expect(statusOf(await upload(old, `${user.id}/after.pdf`))).toBe(403);
    expect(statusOf(await old.storage.from('files').download(`${user.id}/before.pdf`))).toBe(403);
    const rejoin = await subscribe(old.channel(`user:${user.id}`, { config: { private: true } }));
    expect(rejoin.status).toBe('CHANNEL_ERROR');
    const deadline = Date.now() + 5000;
    while (!statuses.includes('CLOSED') && Date.now() < deadline) await sleep(20);
    expect(statuses).toContain('CLOSED');
    const before = heard.items.length;
    await partnerSends(victim, 'after');
    await sleep(600);
    expect(heard.items.slice(before)).toEqual([]);
  }

  test('after a staff suspension the old token uploads, downloads and hears nothing', async () => {
    const victim = await signedInVictim();
    must(
      await admin.client.rpc('admin_suspend_user', { p_user: victim.user.id, p_reason: 'spam' }),
      'suspend',
    );
    await expectRefused(victim);
  });

  test('after a global sign-out the old token uploads, downloads and hears nothing', async () => {
    const victim = await signedInVictim();
    expect((await victim.user.client.auth.signOut({ scope: 'global' })).error).toBeNull();
    await expectRefused(victim);
  });

  test("after a local sign-out that session's token is refused; the user's other session works", async () => {
    const victim = await signedInVictim();
    const password = `Pw-${randomUUID()}`;
    const updated = await service.auth.admin.updateUserById(victim.user.id, { password });
    expect(updated.error).toBeNull();
    const email = updated.data.user?.email ?? '';
    const other = newClient(server(), server().anonKey);
    clients.push(other);
    expect((await other.auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await victim.user.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    await expectRefused(victim);

    expect(statusOf(await upload(other, `${victim.user.id}/other.pdf`))).toBe('ok');
    const heard = new Inbox<unknown>();
    const channel = other
      .channel(`conversation:${victim.conversationId}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, heard.push);
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    await partnerSends(victim, 'to the other session');
    await heard.waitFor((items) => items.length === 1);
  });
});
