import { getSupabaseClient, toAppError } from '@promatch/shared';
import { overviewKeys } from './keys';
import { usePanelQuery } from './query-helpers';

export interface RecentFavourites {
  total: number;
  latest: {
    id: string;
    professional: {
      id: string;
      name: string;
      title: string | null;
      avatar_url: string | null;
    } | null;
  }[];
}

/** How many professionals the user saved, and the latest three. */
export async function getRecentFavourites(): Promise<RecentFavourites> {
  const supabase = await getSupabaseClient();
  const { data, error, count } = await supabase
    .from('favorites')
    .select('id,professional:profiles!favorites_professional_id_fkey(id,name,title,avatar_url)', {
      count: 'exact',
    })
    .order('created_at', { ascending: false })
    .limit(3);
  if (error) throw toAppError(error);
  return { total: count ?? 0, latest: (data ?? []) as unknown as RecentFavourites['latest'] };
}

export const useRecentFavourites = () =>
  usePanelQuery(overviewKeys.favourites, getRecentFavourites);
