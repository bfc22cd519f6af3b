import { getSupabaseClient } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';

export const unreadKeys = {
  count: (userId: string) => ['messages', 'unread-count', userId] as const,
};

/** Messages sent to the user and not yet read; row-level security limits it to their conversations. */
export async function fetchUnreadCount(userId: string): Promise<number> {
  const client = await getSupabaseClient();
  const { count, error } = await client
    .from('messages')
    .select('id', { count: 'exact', head: true })
    .neq('sender_id', userId)
    .is('read_at', null);
  if (error) throw error;
  return count ?? 0;
}

export function useUnreadCount(userId: string) {
  return useQuery({
    queryKey: unreadKeys.count(userId),
    queryFn: () => fetchUnreadCount(userId),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
