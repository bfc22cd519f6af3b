import { confirmationEmail } from './newsletter.ts';
import type { supabaseAdmin } from './supabase-admin.ts';

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
 * One sign-up, from the footer's form or an expired confirmation link's "subscribe again":
 * limited per client and per address (`limited`), then recorded unconfirmed with a fresh
 * confirmation e-mail queued when one is due. Throws on a database failure.
 */
export async function requestSubscription(
  admin: Admin,
  email: string,
  client: string,
  source?: string,
): Promise<'limited' | 'accepted'> {
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
    return 'limited';
  }
  if (await signUp(admin, email, source)) {
    const { error } = await admin.from('outbound_emails').insert(await confirmationEmail(email));
    if (error) throw error;
    await admin
      .from('newsletter_subscribers')
      .update({ confirmation_sent_at: new Date().toISOString() })
      .eq('email', email);
  }
  return 'accepted';
}
