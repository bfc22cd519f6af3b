import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { planKeys } from '../../../lib/plan-usage';

export interface AvailablePlan {
  type: string;
  name: string;
  description: string | null;
  features: Record<string, boolean>;
  limits: Record<string, number>;
  commission_rate: number;
  price_monthly: number;
}

/** Active plans, cheapest first (subscription_plans is public reference data). */
export async function getPlans(): Promise<AvailablePlan[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('subscription_plans')
    .select('type,name,description,features,limits,commission_rate,price_monthly')
    .eq('is_active', true)
    .order('price_monthly')
    .order('sort_order');
  if (error) throw toAppError(error);
  return (data ?? []).map((row) => ({
    ...row,
    features: row.features as Record<string, boolean>,
    limits: row.limits as Record<string, number>,
    commission_rate: Number(row.commission_rate),
    price_monthly: Number(row.price_monthly),
  }));
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.available(), queryFn: getPlans });
export const usePlans = () => useQuery(plansQueryOptions());
