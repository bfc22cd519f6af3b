import { serveOnDeno } from '../_shared/env.ts';
import { corsHeaders, json } from '../_shared/http.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

/**
 * POST with the user's access token: answers { userId, receivedAt }, proving a function runs,
 * reaches the auth server and knows who called. The testing portal's "function call" check uses
 * it; it reads and writes nothing else. 401 signed out, 405 other methods.
 */
export default async function handler(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: corsHeaders });
  if (request.method !== 'POST') {
    return json(405, { error: 'Method not allowed' }, { Allow: 'POST, OPTIONS' });
  }
  const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  const { data, error } = token
    ? await supabaseAdmin().auth.getUser(token)
    : { data: { user: null }, error: null };
  if (error || !data.user) return json(401, { error: 'Sign in to run the self-check.' });
  return json(200, { userId: data.user.id, receivedAt: new Date().toISOString() });
}

serveOnDeno(handler);
