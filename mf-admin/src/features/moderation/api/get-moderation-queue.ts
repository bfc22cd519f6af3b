import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { moderationKeys } from '../../../lib/query-keys';

export type ReportStatus = 'open' | 'reviewing' | 'actioned' | 'dismissed' | 'all';

/** One report as admin_moderation_queue answers it. */
export interface QueuedReport {
  id: string;
  reason: 'spam' | 'harassment' | 'inappropriate' | 'scam' | 'other';
  details: string | null;
  status: Exclude<ReportStatus, 'all'>;
  outcome: 'dismissed' | 'warned' | 'suspended' | null;
  resolution_note: string | null;
  reviewed_at: string | null;
  created_at: string;
  conversation_id: string | null;
  message_id: string | null;
  reporter: { id: string; name: string };
  reported: {
    id: string;
    name: string;
    account_type: string;
    suspended: boolean;
    reports: number;
  };
}

export function getModerationQueue(status: ReportStatus): Promise<QueuedReport[]> {
  return callAdminRpc<QueuedReport[]>('admin_moderation_queue', { p_status: status });
}

export const moderationQueueQueryOptions = (status: ReportStatus) =>
  queryOptions({
    queryKey: moderationKeys.queue(status),
    queryFn: () => getModerationQueue(status),
  });

export function useModerationQueue(status: ReportStatus) {
  return useQuery(moderationQueueQueryOptions(status));
}
