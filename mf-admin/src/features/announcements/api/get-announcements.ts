import { getSupabaseClient, type Tables } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { announcementKeys } from '../../../lib/query-keys';

export type Announcement = Tables<'system_notifications'>;

/** Every announcement, newest first: the history stays after deactivation. */
export async function getAnnouncements(): Promise<Announcement[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('system_notifications')
    .select('*')
    .order('sent_at', { ascending: false })
    .limit(200);
  if (error) throw toAdminError(error);
  return data;
}

export const announcementsQueryOptions = () =>
  queryOptions({ queryKey: announcementKeys.all, queryFn: getAnnouncements });

export function useAnnouncements() {
  return useQuery(announcementsQueryOptions());
}
