// From the package, not a relative path: this subpath is bundled into each app, and a relative
// import would give it a second supabase client.
import { getSupabaseClient, toAppError } from '@promatch/shared';

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
