import { getSupabaseClient, toAppError, type Database } from '@promatch/shared';
import { useTableChanges } from '@promatch/shared/realtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys';

export type Notification = Pick<
  Database['public']['Tables']['notifications']['Row'],
  'id' | 'kind' | 'title' | 'body' | 'link' | 'read_at' | 'created_at'
>;

/** How many notifications the centre lists (newest first); older ones stay in the table. */
export const LIST_LIMIT = 50;

/** The user's in-app notifications, newest first (row level security: their own, in-app only). */
export async function getNotifications(): Promise<Notification[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('notifications')
    .select('id, kind, title, body, link, read_at, created_at')
    .order('created_at', { ascending: false })
    .limit(LIST_LIMIT);
  if (error) throw toAppError(error);
  return data ?? [];
}

/** How many are unread: a head count, so the bell never downloads the rows. */
export async function getUnreadCount(): Promise<number> {
  const client = await getSupabaseClient();
  const { count, error } = await client
    .from('notifications')
    .select('id', { count: 'exact', head: true })
    .is('read_at', null);
  if (error) throw toAppError(error);
  return count ?? 0;
}

export const useNotifications = (userId: string) =>
  useQuery({
    queryKey: notificationKeys.list(userId),
    queryFn: getNotifications,
    enabled: userId !== '',
  });

export const useUnreadCount = (userId: string) =>
  useQuery({
    queryKey: notificationKeys.unread(userId),
    queryFn: getUnreadCount,
    enabled: userId !== '',
  });

async function markRead(ids: string[] | 'all'): Promise<void> {
  const client = await getSupabaseClient();
  const update = client
    .from('notifications')
    .update({ read_at: new Date().toISOString() })
    .is('read_at', null);
  const { error } = await (ids === 'all' ? update : update.in('id', ids));
  if (error) throw toAppError(error);
}

/** Marks some (or all) unread notifications read, then refreshes the list and the bell. */
export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
  });
}

const TABLES = ['notifications'] as const;

/**
 * Keeps the list and the unread count live: realtime delivers only rows the user may read (their
 * own, in-app), and any insert, update or delete refreshes both.
 */
export function useNotificationsLive(userId: string) {
  const queryClient = useQueryClient();
  useTableChanges(userId && `notification-centre:${userId}`, TABLES, () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) });
  });
}
