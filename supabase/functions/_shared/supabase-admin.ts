import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { env } from './env.ts';

let admin: SupabaseClient | undefined;

/**
 * A service-role client. On hosted Supabase the runtime provides SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY; the local backend sets the same two variables to itself.
 */
export function supabaseAdmin(): SupabaseClient {
  if (admin) return admin;
  const url = env('SUPABASE_URL');
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !key) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
  admin = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return admin;
}

/**
 * The signed-in user whose access token the request carries (`Authorization: Bearer …`), or null
 * when there is none or the auth server refuses it.
 */
export async function signedInUser(
  request: Request,
  admin = supabaseAdmin(),
): Promise<User | null> {
  const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  if (!token) return null;
  const { data, error } = await admin.auth.getUser(token);
  return error ? null : data.user;
}
