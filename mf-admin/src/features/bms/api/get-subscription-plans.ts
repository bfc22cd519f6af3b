import { getSupabaseClient, type Tables } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { planKeys } from '../../../lib/query-keys';

export type Plan = Tables<'subscription_plans'>;

/** Every plan, offered or not, in the order users see them. */
export async function getSubscriptionPlans(): Promise<Plan[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client.from('subscription_plans').select('*').order('sort_order');
  if (error) throw toAdminError(error);
  return data;
}

export const subscriptionPlansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.list(), queryFn: getSubscriptionPlans });

export function useSubscriptionPlans() {
  return useQuery(subscriptionPlansQueryOptions());
}
