import { newsletterSignupSchema } from '../_shared/email.ts';
import { serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, callerAddress, json, readJson } from '../_shared/http.ts';
import { requestSubscription, TOO_MANY_SIGNUPS } from '../_shared/newsletter-signup.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

export {
  ADDRESS_WINDOW_SECONDS,
  CLIENT_WINDOW_SECONDS,
  SIGNUPS_PER_ADDRESS,
  SIGNUPS_PER_CLIENT,
  TOO_MANY_SIGNUPS,
} from '../_shared/newsletter-signup.ts';

// The same answer for a new, a pending and a confirmed address: a sign-up form must not reveal
// who subscribed.
const checkInboxMessage =
  'Almost there: we sent you an e-mail. Follow its link to confirm your subscription.';

/**
 * POST { email, source? } -> { success, message, error }. Double opt-in: stores the lower-cased
 * address unconfirmed in newsletter_subscribers (service role) and queues the confirmation
 * e-mail, whose signed link (newsletter-confirm) subscribes it; until then the address receives
 * nothing else. Limited per address and per client (429); the answer is the same for every
 * address.
 */
export default async function handler(request: Request): Promise<Response> {
  const notPost = answerIfNotPost(request, { success: false, message: null });
  if (notPost) return notPost;
  const parsed = newsletterSignupSchema.safeParse(await readJson(request));
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? 'Please enter a valid email address';
    return json(400, { success: false, message: null, error });
  }
  const { email, source } = parsed.data;
  try {
    const outcome = await requestSubscription(
      supabaseAdmin(),
      email,
      `ip:${callerAddress(request)}`,
      source,
    );
    if (outcome === 'limited') {
      return json(429, { success: false, message: null, error: TOO_MANY_SIGNUPS });
    }
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    console.error('[newsletter-signup] failed:', code, message);
    return json(500, {
      success: false,
      message: null,
      error: 'Could not subscribe right now. Please try again later.',
    });
  }
  return json(200, { success: true, message: checkInboxMessage, error: null });
}

serveOnDeno(handler);
