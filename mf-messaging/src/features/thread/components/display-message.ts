import type { Attachment, MessageRow } from '../../../lib/messages/message-row';
import type { OutboxItem } from '../../../lib/outbox/outbox-store';

export type DeliveryStatus = 'pending' | 'failed' | 'sent' | 'read';

/** A row of the thread: a stored message, or one of ours still in the outbox. */
export interface DisplayMessage {
  key: string;
  clientId: string;
  mine: boolean;
  content: string;
  createdAt: string;
  /** Only for our own messages: whether it is queued, refused, stored or read. */
  status: DeliveryStatus | null;
  error?: string;
  attachment: Attachment | null;
  /** A video call between the two (an event, not something someone wrote): its length. */
  callSeconds: number | null;
}

const asAttachment = (value: MessageRow['attachment']): Attachment | null =>
  value && typeof value === 'object' && !Array.isArray(value) && typeof value.path === 'string'
    ? (value as unknown as Attachment)
    : null;

/**
 * Stored messages in order, then our queued ones. A queued message whose client id is already
 * stored (the answer was lost but the realtime event arrived) shows once, as stored.
 */
export function toDisplayMessages(
  stored: readonly MessageRow[],
  queued: readonly OutboxItem[],
  userId: string,
): DisplayMessage[] {
  const storedIds = new Set(stored.map((m) => m.client_id));
  return [
    ...stored.map((m) => ({
      key: m.client_id,
      clientId: m.client_id,
      mine: m.sender_id === userId,
      content: m.content,
      createdAt: m.created_at,
      status: m.sender_id === userId ? (m.read_at ? ('read' as const) : ('sent' as const)) : null,
      attachment: asAttachment(m.attachment),
      callSeconds: m.kind === 'call' ? (m.call_seconds ?? 0) : null,
    })),
    ...queued
      .filter((item) => !storedIds.has(item.clientId))
      .map((item) => ({
        key: item.clientId,
        clientId: item.clientId,
        mine: true,
        content: item.content,
        createdAt: item.createdAt,
        status: item.status,
        error: item.error,
        attachment: item.attachment,
        callSeconds: null,
      })),
  ];
}
