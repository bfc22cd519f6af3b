import type { MessageRow } from '../../../lib/messages/message-row';
import type { OutboxItem } from '../../../lib/outbox/outbox-store';

/** What the send rpc answered: the stored message, or an error with its HTTP status (0: no answer). */
export type SendResult =
  { ok: true; message: MessageRow } | { ok: false; status: number; message: string };

export interface OutboxDeps {
  items(): OutboxItem[];
  send(item: OutboxItem): Promise<SendResult>;
  markAttempt(clientId: string): void;
  markFailed(clientId: string, error: string): void;
  remove(clientId: string): void;
  onSent(item: OutboxItem, message: MessageRow): void;
}

/**
 * No answer, a gateway or server failure, or a timeout: the message may or may not have been
 * stored, so the same client id is sent again and the server keeps one copy.
 */
export const isRetryable = (status: number) => status === 0 || status === 408 || status >= 500;

/** Waits 0.5 s, 1 s, 2 s ... up to 4 s between attempts at an unanswered send. */
export const retryDelay = (attempts: number) =>
  Math.min(500 * 2 ** Math.max(0, attempts - 1), 4000);

/**
 * Sends the user's pending messages one at a time, oldest first, so they arrive in the order they
 * were typed. Stops at the first send that got no answer and returns how long to wait before the
 * next try; a refusal (4xx) marks that message failed with the server's reason and moves on.
 */
export async function flushOutbox(
  senderId: string,
  deps: OutboxDeps,
): Promise<{ retryInMs: number | null }> {
  for (;;) {
    const next = deps
      .items()
      .find((item) => item.senderId === senderId && item.status === 'pending');
    if (!next) return { retryInMs: null };
    deps.markAttempt(next.clientId);
    const result = await deps.send(next);
    if (result.ok) {
      deps.remove(next.clientId);
      deps.onSent(next, result.message);
    } else if (isRetryable(result.status)) {
      return { retryInMs: retryDelay(next.attempts + 1) };
    } else {
      deps.markFailed(next.clientId, result.message);
    }
  }
}
