import { getSupabaseClient, toAppError } from '@promatch/shared';
import { FunctionsHttpError } from '@supabase/supabase-js';

/** What the user types to confirm; the delete-my-account function checks the same words. */
export const DELETE_CONFIRMATION = 'DELETE MY ACCOUNT';

/**
 * Deletes the signed-in user's account (function delete-my-account: files from storage, then the
 * user, and the database cascades), then signs this browser out. Sign-out errors are ignored: the
 * session no longer exists on the server.
 */
export async function deleteAccount(confirmation: string): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.functions.invoke('delete-my-account', {
    body: { confirmation },
  });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => ({}))) as {
        error?: string;
      };
      throw toAppError(body.error ?? error.message);
    }
    throw toAppError(error);
  }
  await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
}
