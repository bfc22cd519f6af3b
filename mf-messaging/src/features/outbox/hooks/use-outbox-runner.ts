import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messagingKeys } from '../../../lib/query-keys';
import { addMessageToThread } from '../../../lib/messages/thread-cache';
import { useOutboxStore } from '../../../lib/outbox/outbox-store';
import { flushOutbox } from '../utils/send-outbox';
import { sendOutboxItem } from '../api/send-message';

/** One runner per page, however many components (the header badge, the thread) ask for it. */
const runner = {
  users: 0,
  running: false,
  again: false,
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
};

const hasPending = (userId: string) =>
  useOutboxStore
    .getState()
    .items.some((item) => item.senderId === userId && item.status === 'pending');

async function run(userId: string, queryClient: QueryClient): Promise<void> {
  if (runner.running) {
    runner.again = true;
    return;
  }
  runner.running = true;
  runner.again = false;
  clearTimeout(runner.timer);
  let retryInMs: number | null;
  try {
    const store = useOutboxStore.getState();
    ({ retryInMs } = await flushOutbox(userId, {
      items: () => useOutboxStore.getState().items,
      send: sendOutboxItem,
      markAttempt: store.markAttempt,
      markFailed: store.markFailed,
      remove: store.remove,
      onSent: (item, message) => {
        addMessageToThread(queryClient, message);
        if (item.recipientId) {
          queryClient.setQueryData(
            messagingKeys.conversationWith(item.recipientId),
            message.conversation_id,
          );
        }
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversationList() });
      },
    }));
  } finally {
    runner.running = false;
  }
  if (runner.users === 0) return;
  if (retryInMs !== null) runner.timer = setTimeout(() => void run(userId, queryClient), retryInMs);
  else if (runner.again && hasPending(userId)) void run(userId, queryClient);
}

/**
 * Sends the signed-in user's queued messages whenever there are any: at once, again after an
 * unanswered attempt (backing off), when the browser comes back online, and after a reload.
 */
export function useOutboxRunner(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    runner.users += 1;
    const kick = () => {
      if (hasPending(userId)) void run(userId, queryClient);
    };
    kick();
    const unsubscribe = useOutboxStore.subscribe((state, previous) => {
      if (
        state.items.length > previous.items.length ||
        state.items.some((i) => i.status === 'pending' && i.attempts === 0)
      )
        kick();
    });
    window.addEventListener('online', kick);
    return () => {
      runner.users -= 1;
      unsubscribe();
      window.removeEventListener('online', kick);
      if (runner.users === 0) clearTimeout(runner.timer);
    };
  }, [userId, queryClient]);
}
