import { serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, json } from '../_shared/http.ts';
import { refusal, signedInUser } from '../_shared/supabase-admin.ts';

/**
 * POST with the user's access token: answers { userId, receivedAt }, proving a function runs,
 * reaches the auth server and knows who called. The testing portal's "function call" check uses
 * it; it reads and writes nothing else. 401 signed out, 405 other methods.
 */
export default async function handler(request: Request): Promise<Response> {
  const notPost = answerIfNotPost(request);
  if (notPost) return notPost;
  const signedIn = await signedInUser(request);
  if (signedIn.status !== 'ok') return refusal(signedIn, 'Sign in to run the self-check.');
  return json(200, { userId: signedIn.user.id, receivedAt: new Date().toISOString() });
}

serveOnDeno(handler);
