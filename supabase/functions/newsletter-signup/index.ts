import { newsletterSignupSchema } from '../_shared/email.ts';
import { serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, json, readJson } from '../_shared/http.ts';
import { newsletterEmail } from '../_shared/newsletter.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

// The same answer for a new and a repeated address: a sign-up form must not reveal who subscribed.
const subscribedMessage = "Thanks for subscribing! You're on the list.";

const WELCOME_SUBJECT = 'Welcome to the ProMatch newsletter';
const WELCOME_BODY = `Thanks for subscribing to the ProMatch newsletter.

Newsletters come from this address, and every one ends with a link that unsubscribes you.`;

type Admin = ReturnType<typeof supabaseAdmin>;

/**
 * Subscribes the address, or subscribes it again after an unsubscribe. Returns true when that
 * changed anything (so a welcome e-mail is due), false when it was subscribed already.
 */
async function subscribe(admin: Admin, email: string, source?: string): Promise<boolean> {
  const { data: existing, error } = await admin
    .from('newsletter_subscribers')
    .select('id, unsubscribed_at')
    .eq('email', email)
    .maybeSingle();
  if (error) throw error;
  if (existing) {
    if (existing.unsubscribed_at === null) return false;
    const { error: again } = await admin
      .from('newsletter_subscribers')
      .update({ unsubscribed_at: null })
      .eq('id', existing.id);
    if (again) throw again;
    return true;
  }
  const { error: insertError } = await admin
    .from('newsletter_subscribers')
    .insert({ email, ...(source ? { source } : {}) });
  if (insertError?.code === '23505') return false; // subscribed a moment ago by another request
  if (insertError) throw insertError;
  return true;
}

/**
 * POST { email, source? } -> { success, message, error }. Stores the lower-cased address in
 * newsletter_subscribers with the service role (clearing an earlier unsubscribe) and queues a
 * welcome e-mail carrying the signed unsubscribe link; a repeat is a success and sends nothing.
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
    if (await subscribe(admin, email, source)) {
      const mail = await newsletterEmail(email, WELCOME_SUBJECT, WELCOME_BODY);
      const { error } = await admin.from('outbound_emails').insert(mail);
      if (error) throw error;
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
  return json(200, { success: true, message: subscribedMessage, error: null });
}

serveOnDeno(handler);
