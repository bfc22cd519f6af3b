import type { OutboxItem } from '../../../lib/outbox/outbox-store';
import type { MessageRow } from '../../../lib/messages/message-row';
import { flushOutbox, retryDelay, type OutboxDeps, type SendResult } from './send-outbox';

const item = (clientId: string, overrides: Partial<OutboxItem> = {}): OutboxItem => ({
  clientId,
  senderId: 'me',
  conversationId: 'c1',
  recipientId: null,
  content: `text ${clientId}`,
  attachment: null,
  createdAt: new Date().toISOString(),
  status: 'pending',
  attempts: 0,
  ...overrides,
});

const stored = (i: OutboxItem): MessageRow =>
  ({
    id: `m-${i.clientId}`,
    client_id: i.clientId,
    conversation_id: 'c1',
    content: i.content,
  }) as MessageRow;

/** An outbox whose sends answer from a script, recording what the user would see. */
function harness(items: OutboxItem[], answers: (item: OutboxItem) => SendResult) {
  let state = [...items];
  const sent: string[] = [];
  const deps: OutboxDeps = {
    items: () => state,
    send: async (i) => {
      sent.push(i.clientId);
      return answers(i);
    },
    markAttempt: (id) => {
      state = state.map((i) => (i.clientId === id ? { ...i, attempts: i.attempts + 1 } : i));
    },
    markFailed: (id, error) => {
      state = state.map((i) => (i.clientId === id ? { ...i, status: 'failed', error } : i));
    },
    remove: (id) => {
      state = state.filter((i) => i.clientId !== id);
    },
    onSent: () => undefined,
  };
  return { deps, sent, state: () => state };
}

describe('the outbox', () => {
  test('sends queued messages oldest first and empties', async () => {
    const h = harness([item('a'), item('b'), item('c')], (i) => ({ ok: true, message: stored(i) }));
    expect(await flushOutbox('me', h.deps)).toEqual({ retryInMs: null });
    expect(h.sent).toEqual(['a', 'b', 'c']);
    expect(h.state()).toEqual([]);
  });

  test('no answer keeps the message queued with its client id and backs off; order is kept', async () => {
    const h = harness([item('a'), item('b')], () => ({
      ok: false,
      status: 0,
      message: 'Failed to fetch',
    }));
    expect(await flushOutbox('me', h.deps)).toEqual({ retryInMs: 500 });
    expect(h.sent).toEqual(['a']);
    expect(h.state().map((i) => [i.clientId, i.status, i.attempts])).toEqual([
      ['a', 'pending', 1],
      ['b', 'pending', 0],
    ]);
    expect([1, 2, 3, 4, 10].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 4000]);
  });

  test('a refusal marks that message failed with the reason and the rest still go', async () => {
    const h = harness([item('a'), item('b')], (i) =>
      i.clientId === 'a'
        ? { ok: false, status: 429, message: 'You are sending messages too quickly.' }
        : { ok: true, message: stored(i) },
    );
    expect(await flushOutbox('me', h.deps)).toEqual({ retryInMs: null });
    expect(h.state()).toEqual([
      expect.objectContaining({
        clientId: 'a',
        status: 'failed',
        error: 'You are sending messages too quickly.',
      }),
    ]);
  });

  test("another account's queued messages are left alone", async () => {
    const h = harness([item('theirs', { senderId: 'someone-else' })], (i) => ({
      ok: true,
      message: stored(i),
    }));
    await flushOutbox('me', h.deps);
    expect(h.sent).toEqual([]);
  });
});
