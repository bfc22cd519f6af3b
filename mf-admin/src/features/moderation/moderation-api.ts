import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminRpc } from '../../lib/admin-api';

export type ReportStatus = 'open' | 'reviewing' | 'actioned' | 'dismissed' | 'all';
export type ModerationAction = 'dismiss' | 'warn' | 'suspend';

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

/** The reported content in context, as admin_report_context answers it. */
export interface ReportContext {
  report_id: string;
  conversation_id: string | null;
  reporter_id: string;
  reported_id: string;
  messages: {
    id: string;
    sender_id: string;
    sender_name: string | null;
    content: string;
    created_at: string;
    reported: boolean;
  }[];
}

/** The reasons as the reporter chose them in messaging. */
export const REASON_LABELS: Record<QueuedReport['reason'], string> = {
  spam: 'Spam or unsolicited offers',
  harassment: 'Harassment or abuse',
  inappropriate: 'Inappropriate content',
  scam: 'Scam or fraud',
  other: 'Something else',
};

const keys = {
  all: ['admin', 'moderation'] as const,
  queue: (status: ReportStatus) => ['admin', 'moderation', 'queue', status] as const,
  context: (id: string) => ['admin', 'moderation', 'context', id] as const,
};

export function useModerationQueue(status: ReportStatus) {
  return useQuery({
    queryKey: keys.queue(status),
    queryFn: () => callAdminRpc<QueuedReport[]>('admin_moderation_queue', { p_status: status }),
  });
}

/** Reading the context is audited on the server, so it is fetched only when staff open it. */
export function useReportContext(reportId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.context(reportId),
    enabled,
    staleTime: Infinity,
    queryFn: () => callAdminRpc<ReportContext>('admin_report_context', { p_report: reportId }),
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return async (reportId: string, action: ModerationAction, note: string) => {
    await callAdminRpc<{ id: string; outcome: string }>('admin_resolve_report', {
      p_report: reportId,
      p_action: action,
      p_note: note,
    });
    await queryClient.invalidateQueries({ queryKey: keys.all });
  };
}
