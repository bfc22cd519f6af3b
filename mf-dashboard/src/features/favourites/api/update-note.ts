import { FAVOURITES_QUERY_ROOT, getSupabaseClient, toast, toAppError } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const NOTE_MAX_LENGTH = 2000;

/** Saves the private note on one favourite (only its owner can; only the note can change). */
export async function updateNote({ id, note }: { id: string; note: string }): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase
    .from('favorites')
    .update({ note: note.slice(0, NOTE_MAX_LENGTH) })
    .eq('id', id);
  if (error) throw toAppError(error);
}

export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: async () => {
      toast({ title: 'Note saved', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: FAVOURITES_QUERY_ROOT });
    },
    onError: (error) =>
      toast({ title: 'Note not saved', description: error.message, variant: 'destructive' }),
  });
}
