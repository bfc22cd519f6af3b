import { getSupabaseClient } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaKeys } from './keys';

/** Challenge and verify: the factor becomes verified and the session moves to aal2. */
export async function verifyTotp(input: { factorId: string; code: string }): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client.auth.mfa.challengeAndVerify(input);
  if (error) throw error;
}

export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}
