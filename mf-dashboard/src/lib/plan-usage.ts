import { getSupabaseClient, toAppError } from '@promatch/shared';
import { currentUsagePeriod, type PlanLimit } from '@promatch/shared/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Query keys of the user's plan usage; the plans and projects features both refresh them. The
 * plans on offer are `activePlansQuery()` from `@promatch/shared/plans`.
 */
export const planKeys = {
  all: ['plans'] as const,
  usage: (userId: string) => [...planKeys.all, 'usage', userId] as const,
};

export type Usage = Partial<Record<PlanLimit, number>>;

/** This month's counters for the signed-in user (policy subscription_usage_select). */
export async function getMyUsage(userId: string): Promise<Usage> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('subscription_usage')
    .select('metric_name,current_usage')
    .eq('user_id', userId)
    .eq('period', currentUsagePeriod());
  if (error) throw toAppError(error);
  return Object.fromEntries((data ?? []).map((row) => [row.metric_name, row.current_usage]));
}

export const myUsageQueryOptions = (userId: string) =>
  queryOptions({ queryKey: planKeys.usage(userId), queryFn: () => getMyUsage(userId) });
export const useMyUsage = (userId: string) => useQuery(myUsageQueryOptions(userId));
