// From the package, not a relative path: this subpath is bundled into each app, and a relative
// import would give it a second supabase client.
import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions } from '@tanstack/react-query';

/** A plan on offer, as the pricing page and the dashboard's plan chooser show it. */
export interface ActivePlan {
  type: string;
  name: string;
  description: string | null;
  features: Record<string, boolean>;
  limits: Record<string, number>;
  commission_rate: number;
  price_monthly: number;
}

/**
 * The active plans, cheapest first (subscription_plans is public reference data, readable signed
 * out: policy subscription_plans_select). Money columns are numeric, which may arrive as strings.
 */
export async function fetchActivePlans(): Promise<ActivePlan[]> {
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

/**
 * The active plans' key and fetcher together: every app reads them through this, so the page's one
 * query client holds one copy (the pricing page, registration's plan chooser and the dashboard's
 * plans page), and a plan edit refreshes it by this key.
 */
export const activePlansQuery = () =>
  queryOptions({ queryKey: ['subscription-plans', 'active'] as const, queryFn: fetchActivePlans });
