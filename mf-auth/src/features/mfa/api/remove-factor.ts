import { getSupabaseClient } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaKeys } from './keys';

/** DELETE /auth/v1/factors/{id}: removes the authenticator. */
export async function removeFactor(factorId: string): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

export function useRemoveFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}
