import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { messagingKeys } from '../../../lib/query-keys';
import type { ThreadPage } from '../../../lib/messages/thread-cache';

export const THREAD_PAGE_SIZE = 50;

const MESSAGE_COLUMNS =
  'id, conversation_id, sender_id, content, client_id, read_at, created_at, updated_at, file_id, attachment, kind, call_seconds, automated';

/** One page of messages before `before` (or the newest), oldest first. */
export async function fetchThreadPage(
  conversationId: string,
  before: string | null,
): Promise<ThreadPage> {
  const client = await getSupabaseClient();
  let query = client
    .from('messages')
    .select(MESSAGE_COLUMNS)
    .eq('conversation_id', conversationId)
    .order('created_at', { ascending: false })
    .limit(THREAD_PAGE_SIZE + 1);
  if (before) query = query.lt('created_at', before);
  const { data, error } = await query;
  if (error) throw toAppError(error);
  const rows = data ?? [];
  return {
    messages: rows.slice(0, THREAD_PAGE_SIZE).reverse(),
    hasOlder: rows.length > THREAD_PAGE_SIZE,
  };
}

/** The thread, newest page first; older pages load as the reader scrolls up. */
export function useThreadMessages(conversationId: string | undefined) {
  return useInfiniteQuery({
    queryKey: messagingKeys.thread(conversationId ?? ''),
    queryFn: ({ pageParam }) => fetchThreadPage(conversationId!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasOlder ? (last.messages[0]?.created_at ?? null) : null),
    enabled: Boolean(conversationId),
    staleTime: Infinity,
  });
}
