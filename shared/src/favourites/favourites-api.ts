// The package's own singleton entry, never a relative path: a subpath entry is bundled into each
// app, and a relative import would give it a second supabase client.
import { FAVOURITES_QUERY_ROOT, getSupabaseClient, toAppError } from '@promatch/shared';

/** Query keys of the favourites every app shows hearts for: never write one inline. */
export const favouriteKeys = {
  all: FAVOURITES_QUERY_ROOT,
  ids: (userId: string) => [...FAVOURITES_QUERY_ROOT, 'ids', userId] as const,
};

/** The ids of the professionals the signed-in user saved (row security: their own only). */
export async function getFavouriteIds(): Promise<string[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.from('favorites').select('professional_id');
  if (error) throw toAppError(error);
  return (data ?? []).map((row) => row.professional_id);
}

export async function addFavourite(professionalId: string): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.from('favorites').insert({ professional_id: professionalId });
  // Already saved (another tab, a double click): the heart is right either way.
  if (error && error.code !== '23505') throw toAppError(error);
}

export async function removeFavourite(professionalId: string): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.from('favorites').delete().eq('professional_id', professionalId);
  if (error) throw toAppError(error);
}
