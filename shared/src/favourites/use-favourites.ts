import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast, useSession } from '@promatch/shared';
import { addFavourite, favouriteKeys, getFavouriteIds, removeFavourite } from './favourites-api';

/** The set of saved professional ids; empty (and no request) while signed out. */
export function useFavouriteIds() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({
    queryKey: favouriteKeys.ids(userId),
    queryFn: getFavouriteIds,
    enabled: userId !== '',
    select: (ids) => new Set(ids),
  });
}

/**
 * Saves or removes a professional. The heart changes at once and goes back if the database says
 * no; afterwards every favourites query (hearts, the favourites page, the overview) refetches.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const userId = useSession((state) => state.user?.id) ?? '';
  const key = favouriteKeys.ids(userId);
  return useMutation({
    mutationFn: ({ id, save }: { id: string; save: boolean }) =>
      save ? addFavourite(id) : removeFavourite(id),
    onMutate: async ({ id, save }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData<string[]>(key, (ids = []) =>
        save ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id),
      );
      return { before };
    },
    onError: (error, _, context) => {
      queryClient.setQueryData(key, context?.before);
      toast({
        title: 'Favourites not updated',
        description: error.message,
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all }),
  });
}
