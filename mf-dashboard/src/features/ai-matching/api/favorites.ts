import { getSupabaseClient, toAppError, toast } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchingKeys } from './keys';

/** The professionals the signed-in user has saved (row-level security limits it to their own). */
async function getFavoriteIds(): Promise<string[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.from('favorites').select('professional_id');
  if (error) throw toAppError(error);
  return data.map((row) => row.professional_id);
}

export const useFavoriteIds = (userId: string | undefined) =>
  useQuery({
    queryKey: matchingKeys.favorites(userId ?? ''),
    queryFn: getFavoriteIds,
    enabled: Boolean(userId),
  });

async function setFavorite(input: { professionalId: string; saved: boolean }): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = input.saved
    ? await supabase.from('favorites').insert({ professional_id: input.professionalId })
    : await supabase.from('favorites').delete().eq('professional_id', input.professionalId);
  if (error) throw toAppError(error);
}

/** Saves or un-saves a professional, then refreshes the saved list. */
export function useSetFavorite(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavorite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matchingKeys.favorites(userId) }),
    onError: (error) =>
      toast({
        title: 'Could not update favourites',
        description: error.message,
        variant: 'destructive',
      }),
  });
}
