import { getSupabaseClient } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { announcementKeys, auditKeys } from '../../../lib/query-keys';

export type TargetType = 'all' | 'professional' | 'business';

export interface NewAnnouncement {
  title: string;
  message: string;
  target_type: TargetType;
  /** When it starts showing; now when empty. */
  sent_at?: string;
}

export async function publishAnnouncement(announcement: NewAnnouncement): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client.from('system_notifications').insert(announcement);
  if (error) throw toAdminError(error);
}

/** A trigger audits every write to system_notifications, so the audit log changes too. */
export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishAnnouncement,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
