import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { auditKeys, userKeys, verificationKeys } from '../../../lib/query-keys';
import type { BadgeRequest } from './get-badge-requests';

export interface BadgeDecision {
  request: BadgeRequest;
  approve: boolean;
  reason: string;
}

/** Grants or refuses the badge; the professional reads the reason on their dashboard and by e-mail. */
export async function decideBadgeRequest({
  request,
  approve,
  reason,
}: BadgeDecision): Promise<void> {
  await callAdminRpc<null>('admin_decide_verification_request', {
    p_request: request.id,
    p_approve: approve,
    p_reason: reason,
  });
}

/** The request moves between queues and is audited; approving verifies the professional's profile. */
export function keysChangedBy({ request, approve }: BadgeDecision): QueryKey[] {
  const always = [verificationKeys.professionals(), auditKeys.all];
  return approve ? [...always, userKeys.lists(), userKeys.detail(request.professional.id)] : always;
}

export function useDecideBadgeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideBadgeRequest,
    // A decision is sent once, as staff made it: the query client would retry a mutation.
    retry: false,
    onSuccess: (_, decision) =>
      Promise.all(
        keysChangedBy(decision).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
