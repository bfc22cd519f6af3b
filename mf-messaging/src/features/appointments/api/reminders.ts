import { getSupabaseClient, toAppError, type Database } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagingKeys } from '../../../lib/query-keys';

export type Reminder = Database['public']['Tables']['notifications']['Row'];

/** The user's latest in-app notifications (appointment reminders), newest first. */
export async function getReminders(): Promise<Reminder[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('notifications')
    .select('*')
    .order('created_at', { ascending: false })
    .limit(20);
  if (error) throw toAppError(error);
  return data ?? [];
}

export function useReminders(userId: string) {
  return useQuery({ queryKey: messagingKeys.reminders(userId), queryFn: getReminders });
}

export function useMarkReminderRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const client = await getSupabaseClient();
      const { error } = await client
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .eq('id', id);
      if (error) throw toAppError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingKeys.reminders(userId) }),
  });
}
