/**
 * One set of rules for every way a message is stored (decision 0150). Blocks and the 60-a-minute
 * limit used to be checked in send_message only: a participant could POST /rest/v1/messages
 * directly past both, backdate created_at and mark the message read. The messages_send_rules
 * trigger now holds direct inserts and send_message to the same rules; the tests below failed on
 * the old code and check that a participant still sends either way.
 */
import { randomUUID } from 'node:crypto';
import { closeClient, makeUsers, type RtUser } from '../support/realtime-helpers.ts';
import { newClient } from '../support/fixtures-rls-world.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(60_000);

interface MessageRow {
  id: string;
  conversation_id: string;
  created_at: string;
  read_at: string | null;
}

const send = (user: RtUser, args: Record<string, unknown>) =>
  user.client.rpc('send_message', { p_client_id: randomUUID(), ...args }).single<MessageRow>();

/** A direct POST /rest/v1/messages, as a script with the user's token would send it. */
const insertDirectly = (
  user: RtUser,
  conversationId: string,
  extra: Record<string, unknown> = {},
) =>
  user.client
    .from('messages')
    .insert({
      conversation_id: conversationId,
      sender_id: user.id,
      content: 'straight to the table',
      client_id: randomUUID(),
      ...extra,
    })
    .select('id, conversation_id, created_at, read_at')
    .single<MessageRow>();

describeEachDb('security: every path for sending a message obeys the same rules', ({ server }) => {
  let business: RtUser, professional: RtUser, blocker: RtUser, sender: RtUser;

  beforeAll(async () => {
    [business, professional, blocker, sender] = (await makeUsers(server(), 4)) as [
      RtUser,
      RtUser,
      RtUser,
      RtUser,
    ];
  }, 60_000);
  afterAll(async () => {
    for (const user of [business, professional, blocker, sender]) await closeClient(user);
  });

  const conversationOf = async (from: RtUser, to: RtUser) => {
    const first = await send(from, { p_recipient_id: to.id, p_content: 'Hello' });
    expect(first.error).toBeNull();
    return first.data!.conversation_id;
  };

  test('a participant still sends, through send_message and directly', async () => {
    const conversationId = await conversationOf(business, professional);
    const direct = await insertDirectly(professional, conversationId);
    expect(direct.error).toBeNull();
    expect(direct.data?.conversation_id).toBe(conversationId);
  });

  test('a direct insert is refused once either side has blocked the other', async () => {
    const conversationId = await conversationOf(professional, blocker);
    const blocked = await blocker.client
      .from('user_blocks')
      .insert({ blocker_id: blocker.id, blocked_id: professional.id });
    expect(blocked.error).toBeNull();
    const towards = await insertDirectly(professional, conversationId);
    expect(towards.status).toBe(403);
    expect(towards.error?.message).toBe('You cannot message this user.');
    const back = await insertDirectly(blocker, conversationId);
    expect(back.error?.message).toBe('You cannot message this user.');
    // the same answer through send_message
    const rpc = await send(professional, { p_conversation_id: conversationId, p_content: 'Hi' });
    expect(rpc.error?.message).toBe('You cannot message this user.');
  });

  test('the server sets created_at and read_at: no backdating, no pre-read messages', async () => {
    const conversationId = await conversationOf(business, professional);
    const before = Date.now();
    const forged = await insertDirectly(business, conversationId, {
      created_at: '2020-01-01T00:00:00Z',
      read_at: '2020-01-01T00:00:00Z',
    });
    expect(forged.error).toBeNull();
    expect(forged.data?.read_at).toBeNull();
    expect(new Date(forged.data!.created_at).getTime()).toBeGreaterThanOrEqual(before - 60_000);
  });

  test('direct inserts count towards the 60-a-minute limit, and backdating does not dodge it', async () => {
    const conversationId = await conversationOf(sender, professional);
    const service = newClient(server(), server().serviceRoleKey);
    // 59 more in the last minute (the first message above makes 60), written by the service role
    const rows = Array.from({ length: 59 }, (_, i) => ({
      conversation_id: conversationId,
      sender_id: sender.id,
      content: `burst ${i}`,
      client_id: randomUUID(),
    }));
    expect((await service.from('messages').insert(rows)).error).toBeNull();
    const direct = await insertDirectly(sender, conversationId, {
      created_at: '2020-01-01T00:00:00Z',
    });
    expect(direct.status).toBe(429);
    expect(direct.error?.message).toBe(
      'You are sending messages too quickly. Please wait a minute and try again.',
    );
    const rpc = await send(sender, { p_conversation_id: conversationId, p_content: 'one more' });
    expect(rpc.status).toBe(429);
    // the other participant is not affected
    expect((await insertDirectly(professional, conversationId)).error).toBeNull();
  });

  test('nobody sends as someone else, even into a conversation they are in', async () => {
    const conversationId = await conversationOf(business, professional);
    const forged = await business.client.from('messages').insert({
      conversation_id: conversationId,
      sender_id: professional.id,
      content: 'in your name',
      client_id: randomUUID(),
    });
    expect(forged.error).not.toBeNull();
    expect(forged.status).toBe(403);
  });
});
