import { z } from 'zod';
import { emailSchema } from '../_shared/email.ts';
import { serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, json, readJson } from '../_shared/http.ts';
import { verifyUnsubscribeToken } from '../_shared/newsletter.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

export const INVALID_LINK =
  'This unsubscribe link is not valid. Use the link in your newsletter e-mail as it is.';
// The same answer whether or not the address was on the list: the link proves the address, but
// the answer still should not say who subscribed.
const unsubscribedMessage =
  'You are unsubscribed. ProMatch will send no more newsletters to this address.';

const bodySchema = z.object({
  email: emailSchema,
  token: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * POST { email, token } -> { success, message, error }. The same POST with `email` and `token` in
 * the query string (any body) is the one-click unsubscribe of a newsletter's List-Unsubscribe
 * header (RFC 8058), which mail programs send without a JWT, so the function runs without one
 * (supabase/config.toml). The token is the HMAC the newsletter
 * e-mail's link carries (supabase/functions/_shared/newsletter.ts); when it matches, the address
 * is marked unsubscribed (newsletter_subscribers.unsubscribed_at) at once.
 */
export default async function handler(request: Request): Promise<Response> {
  const notPost = answerIfNotPost(request, { success: false, message: null });
  if (notPost) return notPost;
  const query = new URL(request.url).searchParams;
  const parsed = bodySchema.safeParse(
    query.has('token') ? Object.fromEntries(query) : await readJson(request),
  );
  if (!parsed.success || !(await verifyUnsubscribeToken(parsed.data.email, parsed.data.token))) {
    return json(400, { success: false, message: null, error: INVALID_LINK });
  }
  const { error } = await supabaseAdmin()
    .from('newsletter_subscribers')
    .update({ unsubscribed_at: new Date().toISOString() })
    .eq('email', parsed.data.email)
    .is('unsubscribed_at', null);
  if (error) {
    console.error('[newsletter-unsubscribe] update failed:', error.code, error.message);
    return json(500, {
      success: false,
      message: null,
      error: 'Could not unsubscribe right now. Please try again later.',
    });
  }
  return json(200, { success: true, message: unsubscribedMessage, error: null });
}

serveOnDeno(handler);
