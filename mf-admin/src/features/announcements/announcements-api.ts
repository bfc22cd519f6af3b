import { getSupabaseClient, type Tables } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toAdminError } from '../../lib/admin-api';

export type Announcement = Tables<'system_notifications'>;
export type TargetType = 'all' | 'professional' | 'business';

export interface NewAnnouncement {
  title: string;
  message: string;
  target_type: TargetType;
  /** When it starts showing; now when empty. */
  sent_at?: string;
}

const key = ['admin', 'announcements'] as const;

/** Every announcement, newest first: the history stays after deactivation. */
export function useAnnouncements() {
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const client = await getSupabaseClient();
      const { data, error } = await client
        .from('system_notifications')
        .select('*')
        .order('sent_at', { ascending: false })
        .limit(200);
      if (error) throw toAdminError(error);
      return data;
    },
  });
}

export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (announcement: NewAnnouncement) => {
      const client = await getSupabaseClient();
      const { error } = await client.from('system_notifications').insert(announcement);
      if (error) throw toAdminError(error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useSetAnnouncementActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: string; isActive: boolean }) => {
      const client = await getSupabaseClient();
      const { error } = await client
        .from('system_notifications')
        .update({ is_active: isActive })
        .eq('id', id);
      if (error) throw toAdminError(error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
