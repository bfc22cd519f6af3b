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

/** The access token a request carries (`Authorization: Bearer …`), or ''. */
export const bearerToken = (request: Request): string =>
  request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';

/**
 * The signed-in user whose access token the request carries (`Authorization: Bearer …`), or null
 * when there is none or the auth server refuses it.
 */
export async function signedInUser(
  request: Request,
  admin = supabaseAdmin(),
): Promise<User | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const { data, error } = await admin.auth.getUser(token);
  return error ? null : data.user;
}

/**
 * A client that acts as the signed-in user (their access token with the anon key), so
 * row-level security and the storage policies decide what it reads, as in the browser.
 */
export function supabaseAsUser(accessToken: string): SupabaseClient {
  const url = env('SUPABASE_URL');
  const key = env('SUPABASE_ANON_KEY');
  if (!url || !key) throw new Error('SUPABASE_URL and SUPABASE_ANON_KEY must be set');
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
}
