import { FAVOURITES_QUERY_ROOT, getSupabaseClient, toAppError, useSession } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';

export interface FavouriteEntry {
  id: string;
  note: string;
  created_at: string;
  professional: {
    id: string;
    name: string;
    title: string | null;
    location: string | null;
    avatar_url: string | null;
    rating: number;
    review_count: number;
    hourly_rate_min: number | null;
    hourly_rate_max: number | null;
    categories: string[];
    availability: string;
  };
}

export const favouriteListKey = (userId: string) =>
  [...FAVOURITES_QUERY_ROOT, 'list', userId] as const;

/** Every professional the user saved, with their private note. */
export async function getFavourites(): Promise<FavouriteEntry[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('favorites')
    .select(
      'id,note,created_at,professional:profiles!favorites_professional_id_fkey(id,name,title,location,avatar_url,rating,review_count,hourly_rate_min,hourly_rate_max,categories,availability)',
    )
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error);
  // A professional whose account is gone takes the favourite with them (on delete cascade).
  return ((data ?? []) as unknown as FavouriteEntry[]).filter((entry) => entry.professional);
}

export function useFavourites() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({
    queryKey: favouriteListKey(userId),
    queryFn: getFavourites,
    enabled: userId !== '',
  });
}
