// In src/lib: the thread queues and shows these messages, the outbox feature sends them.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Attachment } from '../messages/message-row';

/**
 * A message the user sent that the server has not confirmed yet. Kept in localStorage, so a
 * message typed offline survives a reload and goes out on reconnect with the same client id.
 */
export interface OutboxItem {
  clientId: string;
  /** Whose message it is: another account signing in on this browser never sends it. */
  senderId: string;
  /** The conversation, or null for the first message to recipientId (the server creates it). */
  conversationId: string | null;
  recipientId: string | null;
  content: string;
  attachment: Attachment | null;
  createdAt: string;
  status: 'pending' | 'failed';
  /** Why the last attempt was refused, for a failed item. */
  error?: string;
  attempts: number;
}

interface OutboxState {
  items: OutboxItem[];
  enqueue(item: Omit<OutboxItem, 'status' | 'attempts' | 'createdAt'>): void;
  markAttempt(clientId: string): void;
  markFailed(clientId: string, error: string): void;
  retry(clientId: string): void;
  remove(clientId: string): void;
}

export const OUTBOX_STORAGE_KEY = 'promatch.messaging.outbox';

export const useOutboxStore = create<OutboxState>()(
  persist(
    (set) => ({
      items: [],
      enqueue: (item) =>
        set((state) => ({
          items: [
            ...state.items,
            { ...item, status: 'pending', attempts: 0, createdAt: new Date().toISOString() },
          ],
        })),
      markAttempt: (clientId) =>
        set((state) => ({
          items: state.items.map((i) =>
            i.clientId === clientId ? { ...i, attempts: i.attempts + 1 } : i,
          ),
        })),
      markFailed: (clientId, error) =>
        set((state) => ({
          items: state.items.map((i) =>
            i.clientId === clientId ? { ...i, status: 'failed', error } : i,
          ),
        })),
      retry: (clientId) =>
        set((state) => ({
          items: state.items.map((i) =>
            i.clientId === clientId
              ? { ...i, status: 'pending', error: undefined, attempts: 0 }
              : i,
          ),
        })),
      remove: (clientId) =>
        set((state) => ({ items: state.items.filter((i) => i.clientId !== clientId) })),
    }),
    {
      name: OUTBOX_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ items: state.items }),
    },
  ),
);

/** The outbox items that belong in one thread: its conversation, or a first message to a user. */
export function itemsForThread(
  items: readonly OutboxItem[],
  senderId: string,
  thread: { conversationId?: string | null; recipientId?: string | null },
): OutboxItem[] {
  return items.filter(
    (i) =>
      i.senderId === senderId &&
      ((thread.conversationId && i.conversationId === thread.conversationId) ||
        (thread.recipientId && i.conversationId === null && i.recipientId === thread.recipientId)),
  );
}
