import { getSupabaseClient } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { planKeys } from '../../../lib/query-keys';

/** The latest 50 audited changes to the plans (a trigger audits subscription_plans). */
export async function getPlanHistory() {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('admin_audit_log')
    .select('id, occurred_at, action, target_id, before, after')
    .eq('target_type', 'subscription_plans')
    .order('occurred_at', { ascending: false })
    .limit(50);
  if (error) throw toAdminError(error);
  return data;
}

/** Keyed by when the plans were read, so the history is read again whenever the plans are. */
export const planHistoryQueryOptions = (plansUpdatedAt: number) =>
  queryOptions({ queryKey: planKeys.history(plansUpdatedAt), queryFn: getPlanHistory });

export function usePlanHistory(plansUpdatedAt: number) {
  return useQuery(planHistoryQueryOptions(plansUpdatedAt));
}
