import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { messagingKeys } from '../../../lib/query-keys';

/** Messages sent to the user and not yet read; row-level security limits it to their conversations. */
export async function fetchUnreadCount(userId: string): Promise<number> {
  const client = await getSupabaseClient();
  const { count, error } = await client
    .from('messages')
    .select('id', { count: 'exact', head: true })
    .neq('sender_id', userId)
    .is('read_at', null);
  if (error) throw toAppError(error);
  return count ?? 0;
}

/** Kept live by useInboxLive; refetched on reconnect as a safety net. */
export function useUnreadCount(userId: string) {
  return useQuery({
    queryKey: messagingKeys.unread(userId),
    queryFn: () => fetchUnreadCount(userId),
    staleTime: 30_000,
  });
}
