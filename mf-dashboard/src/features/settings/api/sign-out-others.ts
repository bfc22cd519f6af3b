import { getSupabaseClient, toast, toAppError } from '@promatch/shared';
import { useMutation } from '@tanstack/react-query';

/** Ends every session of this account except the one in this browser. */
export async function signOutOtherDevices(): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.auth.signOut({ scope: 'others' });
  if (error) throw toAppError(error);
}

export function useSignOutOthers() {
  return useMutation({
    mutationFn: signOutOtherDevices,
    onSuccess: () =>
      toast({
        title: 'Signed out of other devices',
        description: 'Every other browser and device must sign in again.',
        variant: 'success',
      }),
    onError: (error) =>
      toast({
        title: 'Could not sign out other devices',
        description: error.message,
        variant: 'destructive',
      }),
  });
}
