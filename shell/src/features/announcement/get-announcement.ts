import { getSupabaseClient, type AccountType, type Tables } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';

export type Announcement = Pick<
  Tables<'system_notifications'>,
  'id' | 'title' | 'message' | 'sent_at'
>;

export const announcementKeys = {
  latest: (accountType: AccountType) => ['system-notifications', 'latest', accountType] as const,
};

/** The newest active notification for everyone or for the user's account type (limit 1). */
export async function fetchLatestAnnouncement(
  accountType: AccountType,
): Promise<Announcement | null> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('system_notifications')
    .select('id, title, message, sent_at')
    .eq('is_active', true)
    .in('target_type', ['all', accountType])
    // scheduled announcements wait for their time (staff can read them early through the policy)
    .lte('sent_at', new Date().toISOString())
    .order('sent_at', { ascending: false })
    .limit(1);
  if (error) throw error;
  return data[0] ?? null;
}

export function useLatestAnnouncement(accountType: AccountType) {
  return useQuery({
    queryKey: announcementKeys.latest(accountType),
    queryFn: () => fetchLatestAnnouncement(accountType),
  });
}
