import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { auditKeys, moderationKeys, userKeys } from '../../../lib/query-keys';

export type ModerationAction = 'dismiss' | 'warn' | 'suspend';

export interface Resolution {
  reportId: string;
  /** The reported user, whose account a suspension changes. */
  reportedId: string;
  action: ModerationAction;
  note: string;
}

export async function resolveReport({ reportId, action, note }: Resolution): Promise<void> {
  await callAdminRpc<{ id: string; outcome: string }>('admin_resolve_report', {
    p_report: reportId,
    p_action: action,
    p_note: note,
  });
}

/** The report's status moves between queues and is audited; a suspension changes the user too. */
export function keysChangedBy({ action, reportedId }: Resolution): QueryKey[] {
  const always = [moderationKeys.queues(), auditKeys.all];
  return action === 'suspend' ? [...always, userKeys.lists(), userKeys.detail(reportedId)] : always;
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    // A decision is sent once, as staff made it: the query client would retry a mutation.
    retry: false,
    onSuccess: (_, resolution) =>
      Promise.all(
        keysChangedBy(resolution).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
