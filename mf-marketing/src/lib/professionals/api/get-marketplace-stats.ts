import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { professionalKeys } from './keys';

/** Aggregates computed by the database (rpc marketplace_stats); never hard-coded claims. */
export interface MarketplaceStats {
  professionals: number;
  cities: number;
  verified: number;
  average_rating: number | null;
  reviews: number;
  /** Professionals per service category slug; a category nobody offers is absent. */
  categories: Record<string, number>;
  /** Projects whose status is completed: an outcome, unlike anything the demo seed writes. */
  completed_projects: number;
  /** Generated demo accounts in the database (app_metadata.demo); 0 on a real deployment. */
  demo_accounts: number;
  /** Completed projects over hired projects, in whole percent; null before anyone is hired. */
  success_rate: number | null;
}

export async function getMarketplaceStats(): Promise<MarketplaceStats> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('marketplace_stats');
  if (error) throw toAppError(error);
  return data as unknown as MarketplaceStats;
}

export const marketplaceStatsQueryOptions = () =>
  queryOptions({ queryKey: professionalKeys.stats(), queryFn: getMarketplaceStats });

export const useMarketplaceStats = () => useQuery(marketplaceStatsQueryOptions());
