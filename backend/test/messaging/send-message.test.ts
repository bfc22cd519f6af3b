/**
 * Sending messages through the send_message rpc on a real database: one conversation per pair,
 * one copy per client id however often a send is retried, blocks, the per-user rate limit,
 * attachments limited to the conversation's folder, read receipts, and a third user who can read
 * nothing.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import {
  closeClient,
  Inbox,
  makeUsers,
  subscribe,
  type RtUser,
} from '../support/realtime-helpers.ts';
import { newClient } from '../support/fixtures-rls-world.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(30_000);

interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  client_id: string;
  read_at: string | null;
  attachment: Record<string, unknown> | null;
}

const send = (user: RtUser, args: Record<string, unknown>) =>
  user.client.rpc('send_message', { p_client_id: randomUUID(), ...args }).single<MessageRow>();

describeEachDb('messaging: send_message, receipts, blocks and limits', ({ server }) => {
  let business: RtUser, professional: RtUser, stranger: RtUser, spammer: RtUser;

  beforeAll(async () => {
    [business, professional, stranger, spammer] = (await makeUsers(server(), 4)) as [
      RtUser,
      RtUser,
      RtUser,
      RtUser,
    ];
  }, 60_000);
  afterAll(async () => {
    for (const user of [business, professional, stranger, spammer]) await closeClient(user);
  });

  test('the first message creates the one conversation for the pair; later ones reuse it', async () => {
    const first = await send(business, { p_recipient_id: professional.id, p_content: ' Hello ' });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ sender_id: business.id, content: 'Hello' });
    // Either side, addressing the other person, lands in the same conversation.
    const reply = await send(professional, { p_recipient_id: business.id, p_content: 'Hi!' });
    expect(reply.data?.conversation_id).toBe(first.data?.conversation_id);
    const rows = await business.client.from('conversations').select('id');
    expect(rows.data).toEqual([{ id: first.data?.conversation_id }]);
    // A direct second insert of the pair, in either order, is refused by the unique pair index.
    const twice = await professional.client
      .from('conversations')
      .insert({ participant_1: professional.id, participant_2: business.id });
    expect(twice.error?.code).toBe('23505');
  });

  test('a retried client id stores one message and answers with it', async () => {
    const clientId = randomUUID();
    const args = { p_client_id: clientId, p_recipient_id: professional.id, p_content: 'Once' };
    const attempts = await Promise.all(
      [1, 2, 3].map(() => business.client.rpc('send_message', args).single<MessageRow>()),
    );
    for (const attempt of attempts) expect(attempt.error).toBeNull();
    expect(new Set(attempts.map((a) => a.data?.id)).size).toBe(1);
    const stored = await business.client.from('messages').select('id').eq('client_id', clientId);
    expect(stored.data).toHaveLength(1);
    // Someone else reusing the id gets a conflict, not the other person's message.
    const stolen = await stranger.client.rpc('send_message', {
      ...args,
      p_recipient_id: business.id,
    });
    expect(stolen.error?.code).toBe('23505');
    expect(stolen.status).toBe(409);
  });

  test('bad input answers 4xx with a clear message', async () => {
    const empty = await send(business, { p_recipient_id: professional.id, p_content: '   ' });
    expect(empty.error?.message).toBe('A message cannot be empty.');
    expect(empty.status).toBe(400);
    const self = await send(business, { p_recipient_id: business.id, p_content: 'me' });
    expect(self.error?.message).toBe('You cannot message yourself.');
    const nobody = await send(business, { p_recipient_id: randomUUID(), p_content: 'hi' });
    expect(nobody.status).toBe(404);
    const anon = await newClient(server(), server().anonKey).rpc('send_message', {
      p_client_id: randomUUID(),
      p_recipient_id: professional.id,
      p_content: 'hi',
    });
    expect(anon.status).toBe(401);
  });

  test('a third user can neither read the conversation nor post into it', async () => {
    const sent = await send(business, { p_recipient_id: professional.id, p_content: 'Secret' });
    const conversationId = sent.data!.conversation_id;
    expect(
      (await stranger.client.from('messages').select('id').eq('conversation_id', conversationId))
        .data,
    ).toEqual([]);
    expect(
      (await stranger.client.from('conversations').select('id').eq('id', conversationId)).data,
    ).toEqual([]);
    expect((await stranger.client.rpc('list_conversations')).data).toEqual([]);
    const post = await send(stranger, {
      p_conversation_id: conversationId,
      p_content: 'Let me in',
    });
    expect(post.status).toBe(404);
    const asChannel = stranger.client.channel(`conversation:${conversationId}`, {
      config: { private: true },
    });
    expect((await subscribe(asChannel)).status).toBe('CHANNEL_ERROR');
  });

  test('receipts: the recipient marks read and the sender sees read_at arrive live', async () => {
    const sent = await send(business, { p_recipient_id: professional.id, p_content: 'Read me' });
    const conversationId = sent.data!.conversation_id;
    const inbox = new Inbox<RealtimePostgresChangesPayload<MessageRow>>();
    const channel = business.client.channel(`receipts-${conversationId}`).on(
      'postgres_changes',
      {
        event: 'UPDATE',
        schema: 'public',
        table: 'messages',
        filter: `conversation_id=eq.${conversationId}`,
      },
      inbox.push,
    );
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    const inboxBefore = await professional.client.rpc('list_conversations');
    expect(inboxBefore.data?.[0]).toMatchObject({
      partner_id: business.id,
      last_message: 'Read me',
      unread_count: expect.any(Number),
    });
    expect(inboxBefore.data?.[0].unread_count).toBeGreaterThan(0);
    const marked = await professional.client.rpc('mark_conversation_read', {
      p_conversation_id: conversationId,
    });
    expect(marked.data).toBeGreaterThan(0);
    const [update] = await inbox.waitFor((items) =>
      items.some((i) => (i.new as MessageRow).id === sent.data!.id),
    );
    expect((update!.new as MessageRow).read_at).not.toBeNull();
    expect((await professional.client.rpc('list_conversations')).data?.[0].unread_count).toBe(0);
    // Marking covers only what the caller received: a second pass by the sender finds nothing.
    const markAsSender = () =>
      business.client.rpc('mark_conversation_read', { p_conversation_id: conversationId });
    await markAsSender();
    expect((await markAsSender()).data).toBe(0);
    const own = await business.client.from('messages').select('read_at').eq('id', sent.data!.id);
    expect(new Date(own.data?.[0]?.read_at ?? 0).getTime()).toBe(
      new Date((update!.new as MessageRow).read_at ?? 1).getTime(),
    );
    await business.client.removeChannel(channel);
  });

  test('search finds a conversation by partner name or message text', async () => {
    await send(business, { p_recipient_id: professional.id, p_content: 'About the Leeds audit' });
    const byText = await business.client.rpc('list_conversations', { p_search: 'leeds audit' });
    expect(byText.data).toHaveLength(1);
    const none = await business.client.rpc('list_conversations', { p_search: 'zzz-nothing' });
    expect(none.data).toEqual([]);
  });

  test('a block stops messages both ways until it is lifted', async () => {
    const blocked = await stranger.client
      .from('user_blocks')
      .insert({ blocker_id: stranger.id, blocked_id: professional.id });
    expect(blocked.error).toBeNull();
    const towards = await send(professional, { p_recipient_id: stranger.id, p_content: 'Hi' });
    expect(towards.error?.message).toBe('You cannot message this user.');
    expect(towards.status).toBe(403);
    const from = await send(stranger, { p_recipient_id: professional.id, p_content: 'Hi' });
    expect(from.error?.message).toBe('You cannot message this user.');
    // The blocked user cannot see who blocked them.
    expect((await professional.client.from('user_blocks').select('*')).data).toEqual([]);
    await stranger.client.from('user_blocks').delete().eq('blocked_id', professional.id);
    expect(
      (await send(stranger, { p_recipient_id: professional.id, p_content: 'Hi' })).error,
    ).toBeNull();
  });

  test('attachments: limits come from the bucket; a path outside the conversation is refused', async () => {
    const limits = await business.client.rpc('attachment_limits');
    expect(limits.data).toMatchObject({ maxBytes: 10 * 1024 * 1024 });
    expect((limits.data as { types: string[] }).types).toContain('image/png');
    const first = await send(business, { p_recipient_id: professional.id, p_content: 'file next' });
    const folder = `${first.data!.conversation_id}/${business.id}`;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = await business.client.storage
      .from('message-attachments')
      .upload(`${folder}/dot.png`, png, { contentType: 'image/png' });
    expect(upload.error).toBeNull();
    const attachment = {
      path: `${folder}/dot.png`,
      name: 'dot.png',
      type: 'image/png',
      size: png.length,
    };
    const sent = await send(business, {
      p_conversation_id: first.data!.conversation_id,
      p_content: '',
      p_attachment: attachment,
    });
    expect(sent.data).toMatchObject({ content: 'dot.png', attachment });
    // The recipient downloads it; the stranger cannot, nor upload into the conversation.
    expect(
      (await professional.client.storage.from('message-attachments').download(attachment.path))
        .error,
    ).toBeNull();
    expect(
      (await stranger.client.storage.from('message-attachments').download(attachment.path)).error,
    ).not.toBeNull();
    const intrude = await stranger.client.storage
      .from('message-attachments')
      .upload(`${first.data!.conversation_id}/${stranger.id}/x.png`, png, {
        contentType: 'image/png',
      });
    expect(intrude.error).not.toBeNull();
    const elsewhere = await send(business, {
      p_conversation_id: first.data!.conversation_id,
      p_content: 'x',
      p_attachment: { ...attachment, path: `${randomUUID()}/${business.id}/dot.png` },
    });
    expect(elsewhere.error?.message).toBe(
      'An attachment must be uploaded to this conversation first.',
    );
  });

  test('sends are rate limited per user with a clear message', async () => {
    const results = [];
    for (let i = 0; i < 61; i++) {
      results.push(await send(spammer, { p_recipient_id: business.id, p_content: `spam ${i}` }));
    }
    expect(results.slice(0, 60).every((r) => r.error === null)).toBe(true);
    expect(results[60]?.status).toBe(429);
    expect(results[60]?.error?.message).toBe(
      'You are sending messages too quickly. Please wait a minute and try again.',
    );
    // Other users are unaffected.
    expect(
      (await send(business, { p_recipient_id: spammer.id, p_content: 'ok' })).error,
    ).toBeNull();
  });
});
