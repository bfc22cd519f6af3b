import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { verificationKeys } from '../../../lib/query-keys';

export type RequestStatus = 'pending' | 'approved' | 'rejected';

export interface BadgeRequest {
  id: string;
  message: string | null;
  evidence_paths: string[];
  status: RequestStatus;
  decision_note: string | null;
  reviewed_at: string | null;
  created_at: string;
  professional: { id: string; name: string; email: string | null; verified: boolean };
}

/** Professionals asking for the verified badge, with the paths of the evidence they uploaded. */
export function getBadgeRequests(status: RequestStatus): Promise<BadgeRequest[]> {
  return callAdminRpc<BadgeRequest[]>('admin_professional_verification_queue', {
    p_status: status,
  });
}

export const badgeRequestsQueryOptions = (status: RequestStatus) =>
  queryOptions({
    queryKey: verificationKeys.professionalQueue(status),
    queryFn: () => getBadgeRequests(status),
  });

export function useBadgeRequests(status: RequestStatus) {
  return useQuery(badgeRequestsQueryOptions(status));
}
