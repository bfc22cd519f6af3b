// In src/lib: the thread reads this cache and the outbox runner adds what it sent to it.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { messagingKeys } from '../query-keys';
import type { MessageRow } from './message-row';

/** One page of a thread, oldest first; pages[0] of the query is the newest page. */
export interface ThreadPage {
  messages: MessageRow[];
  hasOlder: boolean;
}
export type ThreadData = InfiniteData<ThreadPage, unknown>;

const byTime = (a: MessageRow, b: MessageRow) =>
  a.created_at === b.created_at ? a.id.localeCompare(b.id) : a.created_at < b.created_at ? -1 : 1;

/** Whether `a` is a later version of the same message than `b` (a read receipt, an edit). */
const laterThan = (a: MessageRow, b: MessageRow) =>
  Date.parse(a.updated_at) > Date.parse(b.updated_at);

/**
 * Adds (or replaces, by id) a message in its thread's newest page, if that thread is loaded. A
 * version older than the cached one (a live change applied again after a fetch that already
 * brought a later one) leaves the cached one.
 */
export function addMessageToThread(queryClient: QueryClient, message: MessageRow): void {
  queryClient.setQueryData<ThreadData>(messagingKeys.thread(message.conversation_id), (data) => {
    if (!data) return data;
    const exists = data.pages.some((page) => page.messages.some((m) => m.id === message.id));
    const pages = data.pages.map((page, index) => {
      if (exists) {
        return {
          ...page,
          messages: page.messages.map((m) =>
            m.id === message.id && !laterThan(m, message) ? message : m,
          ),
        };
      }
      return index === 0 ? { ...page, messages: [...page.messages, message].sort(byTime) } : page;
    });
    return { ...data, pages };
  });
}

/** Every loaded message of a thread, oldest first. */
export function flattenThread(data: ThreadData | undefined): MessageRow[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}
