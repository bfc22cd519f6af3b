import { getSupabaseClient, type Database } from '@promatch/shared';

type Functions = Database['public']['Functions'];

/** A failed admin call, with the server's message (RLS and the admin functions word them). */
export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

interface ErrorLike {
  message: string;
  code?: string;
}

/** Turns a supabase-js error into the message a staff member is shown. */
export function toAdminError(error: ErrorLike): AdminApiError {
  // 42501: the server refused (RLS or an admin function's permission check).
  if (error.code === '42501') return new AdminApiError('No admin privileges', error.code);
  return new AdminApiError(error.message, error.code);
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
