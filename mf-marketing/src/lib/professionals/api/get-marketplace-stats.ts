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
  success_rate: number | null;
  categories: Record<string, number>;
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
