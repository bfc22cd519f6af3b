import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { planKeys } from './keys';

export interface PlanSummary {
  type: string;
  name: string;
  description: string | null;
  price_monthly: number;
  commission_rate: number;
  limits: Record<string, number>;
}

/** Active plans ordered by price, cheapest first. */
export async function getSubscriptionPlans(): Promise<PlanSummary[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('subscription_plans')
    .select('type, name, description, price_monthly, commission_rate, limits')
    .eq('is_active', true)
    .order('price_monthly', { ascending: true });
  if (error) throw toAppError(error);
  return (data ?? []) as PlanSummary[];
}

export const subscriptionPlansOptions = () =>
  queryOptions({ queryKey: planKeys.active(), queryFn: getSubscriptionPlans });

export const useSubscriptionPlans = () => useQuery(subscriptionPlansOptions());
