import { getSupabaseClient, toAppError } from '@promatch/shared';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys, paymentKeys } from '../../../lib/query-keys';

export type DisputeOutcome = 'release' | 'refund';

export interface DisputeDecision {
  milestoneId: string;
  outcome: DisputeOutcome;
  reason: string;
}

/** What the payments function answers once the money has moved. */
export interface ResolveAnswer {
  status: string;
  transferId?: string;
  refundId?: string;
  refundedPence?: number;
}

/**
 * Decides a dispute through the payments function's resolve action: the database checks the
 * payments area and writes the reason to the audit log, then the server transfers or refunds.
 */
export async function resolveDispute({
  milestoneId,
  outcome,
  reason,
}: DisputeDecision): Promise<ResolveAnswer> {
  const client = await getSupabaseClient();
  const { data, error } = await client.functions.invoke<ResolveAnswer>('payments', {
    body: { action: 'resolve', milestoneId, outcome, reason },
  });
  if (error instanceof FunctionsHttpError) {
    const answer = (await (error.context as Response).json().catch(() => ({}))) as {
      error?: string;
    };
    throw toAppError(answer.error ?? 'The payments service could not decide this dispute.');
  }
  if (error || !data) throw toAppError(error ?? 'The payments service answered nothing.');
  return data;
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveDispute,
    // Money moves once, as staff decided: the query client would retry a mutation.
    retry: false,
    onSuccess: () =>
      Promise.all(
        [paymentKeys.all, auditKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
