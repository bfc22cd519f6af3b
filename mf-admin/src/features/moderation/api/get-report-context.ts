import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { moderationKeys } from '../../../lib/query-keys';

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

export function getReportContext(reportId: string): Promise<ReportContext> {
  return callAdminRpc<ReportContext>('admin_report_context', { p_report: reportId });
}

/** Reading the context is audited on the server, so it is read once and kept. */
export const reportContextQueryOptions = (reportId: string) =>
  queryOptions({
    queryKey: moderationKeys.context(reportId),
    staleTime: Infinity,
    queryFn: () => getReportContext(reportId),
  });

/** Fetched only when staff open it. */
export function useReportContext(reportId: string, enabled: boolean) {
  return useQuery({ ...reportContextQueryOptions(reportId), enabled });
}
