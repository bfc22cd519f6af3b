import { getSupabaseClient } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { auditKeys, inboxKeys } from '../../../lib/query-keys';
import { INBOX_TABLES, type InboxItem, type InboxStatus } from './get-inbox';

export interface Triage {
  item: InboxItem;
  patch: { status?: InboxStatus; assigned_to?: string | null };
}

/** Sets an item's status or assignee, straight on its table (RLS: the inbox area). */
export async function triageItem({ item, patch }: Triage): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client.from(INBOX_TABLES[item.kind]).update(patch).eq('id', item.id);
  if (error) throw toAdminError(error);
}

/** The item's own inbox changes, and a trigger audits the write. */
export function useTriage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triageItem,
    onSuccess: (_, { item }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.kind(item.kind) }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}
