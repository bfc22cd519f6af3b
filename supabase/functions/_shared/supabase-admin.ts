import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { needsSecondFactor } from '@promatch/shared/assurance';
import { env } from './env.ts';
import { json } from './http.ts';

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

/** Who a request acts for: a user whose session counts, or why it does not act for anyone. */
export type SignedIn =
  | { status: 'ok'; user: User }
  | { status: 'signed_out' }
  /** A user with a verified factor whose session has not passed it yet (aal1). */
  | { status: 'second_factor_required' };

export const SECOND_FACTOR_REQUIRED =
  'Enter the 6-digit code from your authenticator app to finish signing in: this account uses two-factor authentication.';

/**
 * The signed-in user whose access token the request carries (`Authorization: Bearer …`). A token
 * the auth server refuses, or none, is `signed_out`. A user with a verified factor whose token is
 * still aal1 is `second_factor_required`: functions act with the service role, which RLS does not
 * stop, so they must refuse that session themselves (docs/decisions/0148-mfa-aal2-in-the-database.md).
 */
export async function signedInUser(request: Request, admin = supabaseAdmin()): Promise<SignedIn> {
  const token = bearerToken(request);
  if (!token) return { status: 'signed_out' };
  const { data, error } = await admin.auth.getUser(token);
  if (error) return { status: 'signed_out' };
  // getUser has verified the token with the auth server, so its claims can be read as they are.
  if (needsSecondFactor({ access_token: token, user: data.user })) {
    return { status: 'second_factor_required' };
  }
  return { status: 'ok', user: data.user };
}

/** The answer to a request that does not act for a user: 401 signed out, 403 second factor due. */
export function refusal(
  signedIn: Exclude<SignedIn, { status: 'ok' }>,
  signedOutMessage: string,
  body: Record<string, unknown> = {},
): Response {
  if (signedIn.status === 'signed_out') return json(401, { ...body, error: signedOutMessage });
  return json(403, { ...body, error: SECOND_FACTOR_REQUIRED, code: 'insufficient_aal' });
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
