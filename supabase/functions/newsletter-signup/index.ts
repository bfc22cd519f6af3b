import { newsletterSignupSchema } from '../_shared/email.ts';
import { serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, callerAddress, json, readJson } from '../_shared/http.ts';
import { confirmationEmail } from '../_shared/newsletter.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

// The same answer for a new, a pending and a confirmed address: a sign-up form must not reveal
// who subscribed.
const checkInboxMessage =
  'Almost there: we sent you an e-mail. Follow its link to confirm your subscription.';

/** Sign-ups per address per hour, and per client (network address) per 10 minutes. */
export const SIGNUPS_PER_ADDRESS = 3;
export const ADDRESS_WINDOW_SECONDS = 3600;
export const SIGNUPS_PER_CLIENT = 10;
export const CLIENT_WINDOW_SECONDS = 600;
export const TOO_MANY_SIGNUPS =
  'Too many newsletter sign-ups from you or for this address. Please try again later.';

type Admin = ReturnType<typeof supabaseAdmin>;

async function allowed(
  admin: Admin,
  bucket: string,
  caller: string,
  limit: number,
  window: number,
) {
  const { data, error } = await admin.rpc('take_rate_limit', {
    p_bucket: bucket,
    p_caller: caller,
    p_limit: limit,
    p_window_seconds: window,
  });
  if (error) throw error;
  return data === true;
}

/**
 * Records the sign-up, unconfirmed, and says whether a confirmation e-mail is due: for a new
 * address, one not yet confirmed, or one that unsubscribed (it confirms again); not for an
 * address that is confirmed and subscribed.
 */
async function signUp(admin: Admin, email: string, source?: string): Promise<boolean> {
  const { data: existing, error } = await admin
    .from('newsletter_subscribers')
    .select('id, confirmed_at, unsubscribed_at')
    .eq('email', email)
    .maybeSingle();
  if (error) throw error;
  if (existing) return existing.confirmed_at === null || existing.unsubscribed_at !== null;
  const { error: insertError } = await admin
    .from('newsletter_subscribers')
    .insert({ email, ...(source ? { source } : {}) });
  if (insertError?.code === '23505') return false; // signed up a moment ago by another request
  if (insertError) throw insertError;
  return true;
}

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
  const admin = supabaseAdmin();
  try {
    const client = `ip:${callerAddress(request)}`;
    if (
      !(await allowed(
        admin,
        'newsletter-signup-client',
        client,
        SIGNUPS_PER_CLIENT,
        CLIENT_WINDOW_SECONDS,
      )) ||
      !(await allowed(
        admin,
        'newsletter-signup-address',
        `email:${email}`,
        SIGNUPS_PER_ADDRESS,
        ADDRESS_WINDOW_SECONDS,
      ))
    ) {
      return json(429, { success: false, message: null, error: TOO_MANY_SIGNUPS });
    }
    if (await signUp(admin, email, source)) {
      const { error } = await admin.from('outbound_emails').insert(await confirmationEmail(email));
      if (error) throw error;
      await admin
        .from('newsletter_subscribers')
        .update({ confirmation_sent_at: new Date().toISOString() })
        .eq('email', email);
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
