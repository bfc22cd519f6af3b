import { getSupabaseClient } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { announcementKeys, auditKeys } from '../../../lib/query-keys';

/** Deactivates or reactivates one announcement; the row and its history stay. */
export async function setAnnouncementActive({
  id,
  isActive,
}: {
  id: string;
  isActive: boolean;
}): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client
    .from('system_notifications')
    .update({ is_active: isActive })
    .eq('id', id);
  if (error) throw toAdminError(error);
}

/** A trigger audits every write to system_notifications, so the audit log changes too. */
export function useSetAnnouncementActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAnnouncementActive,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
