import { getSupabaseClient } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaKeys } from './keys';

/**
 * Registers a passkey as a second factor: supabase-js enrols a webauthn factor, asks the server
 * for creation options, runs navigator.credentials.create() and sends the result back. The
 * relying party is this page's host; the server refuses it unless it is the configured one.
 * A first factor lifts this session to aal2, as an authenticator app's first code does.
 */
export async function registerPasskey(name: string): Promise<void> {
  const client = await getSupabaseClient();
  // A ceremony cancelled earlier leaves an unverified factor behind; it holds its name.
  const { data: factors } = await client.auth.mfa.listFactors();
  for (const factor of factors?.all ?? []) {
    if (factor.factor_type === 'webauthn' && factor.status === 'unverified') {
      await client.auth.mfa.unenroll({ factorId: factor.id });
    }
  }
  const { error } = await client.auth.mfa.webauthn.register({ friendlyName: name });
  if (error) throw error;
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}
