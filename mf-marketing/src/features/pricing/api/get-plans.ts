import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { planKeys } from './keys';

export interface Plan {
  type: 'free' | 'pro';
  name: string;
  description: string | null;
  features: Record<string, boolean>;
  limits: Record<string, number>;
  commission_rate: number;
  price_monthly: number;
}

/** Active plans in display order (public read, policy subscription_plans_select). */
export async function getPlans(): Promise<Plan[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('subscription_plans')
    .select('type,name,description,features,limits,commission_rate,price_monthly')
    .eq('is_active', true)
    .order('price_monthly')
    .order('sort_order');
  if (error) throw toAppError(error);
  return data as Plan[];
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.active(), queryFn: getPlans });
export const usePlans = () => useQuery(plansQueryOptions());
