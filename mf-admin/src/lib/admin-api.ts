import { AppError, getSupabaseClient, toAppError, type Database } from '@promatch/shared';

type Functions = Database['public']['Functions'];

/** Turns a supabase-js error into the AppError a staff member is shown. */
export function toAdminError(error: unknown): AppError {
  const appError = toAppError(error);
  // 42501: the server refused (RLS or an admin function's permission check).
  if (appError.code === '42501') {
    return new AppError('No admin privileges', appError.code, appError.status, appError.details);
  }
  return appError;
}

/**
 * Calls one of the admin functions (security definer in the database: each checks the caller's
 * admin permission again, so the portal's own checks are a convenience, not the guard).
 */
export async function callAdminRpc<T, F extends keyof Functions = keyof Functions>(
  name: F,
  args: Functions[F]['Args'],
): Promise<T> {
  const client = await getSupabaseClient();
  const { data, error } = await client.rpc(name, args);
  if (error) throw toAdminError(error);
  // The functions answer jsonb in a documented shape (see their comments in supabase/migrations).
  return data as T;
}
