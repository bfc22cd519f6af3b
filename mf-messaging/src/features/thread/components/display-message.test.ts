import type { OutboxItem } from '../../../lib/outbox/outbox-store';
import type { MessageRow } from '../../../lib/messages/message-row';
import { toDisplayMessages } from './display-message';

const row = (over: Partial<MessageRow>): MessageRow =>
  ({
    id: 'm1',
    client_id: 'c-1',
    conversation_id: 'conv',
    sender_id: 'me',
    content: 'Hello',
    read_at: null,
    created_at: '2026-11-24T09:00:00Z',
    attachment: null,
    ...over,
  }) as MessageRow;

const queued = (over: Partial<OutboxItem>): OutboxItem => ({
  clientId: 'c-2',
  senderId: 'me',
  conversationId: 'conv',
  recipientId: null,
  content: 'Queued',
  attachment: null,
  createdAt: '2026-11-24T09:01:00Z',
  status: 'pending',
  attempts: 0,
  ...over,
});

describe('thread rows', () => {
  test('own messages show sent or read; the partner’s carry no status', () => {
    const rows = toDisplayMessages(
      [
        row({}),
        row({ id: 'm2', client_id: 'c-3', read_at: '2026-11-24T09:02:00Z' }),
        row({ id: 'm3', client_id: 'c-4', sender_id: 'them' }),
      ],
      [],
      'me',
    );
    expect(rows.map((r) => r.status)).toEqual(['sent', 'read', null]);
  });

  test('queued messages follow stored ones, and one already stored is shown once', () => {
    const rows = toDisplayMessages(
      [row({})],
      [queued({ clientId: 'c-1' }), queued({ status: 'failed', error: 'Too many' })],
      'me',
    );
    expect(rows.map((r) => [r.clientId, r.status])).toEqual([
      ['c-1', 'sent'],
      ['c-2', 'failed'],
    ]);
  });
});
