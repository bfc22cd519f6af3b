import { z } from 'zod';
import { emailSchema } from '../_shared/email.ts';
import { serveOnDeno } from '../_shared/env.ts';
import { callerAddress, corsHeaders, json } from '../_shared/http.ts';
import { escapeText, htmlPage } from '../_shared/html-page.ts';
import {
  checkConfirmationLink,
  CONFIRMATION_LINK_DAYS,
  newsletterEmail,
} from '../_shared/newsletter.ts';
import { requestSubscription, TOO_MANY_SIGNUPS } from '../_shared/newsletter-signup.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

export const INVALID_LINK =
  'This confirmation link is not valid. Use the link in your confirmation e-mail as it is.';
export const EXPIRED_LINK = `This confirmation link has expired: links work for ${CONFIRMATION_LINK_DAYS} days after they are sent. Nothing was subscribed.`;

const WELCOME_SUBJECT = 'Welcome to the ProMatch newsletter';
const WELCOME_BODY = `Your subscription to the ProMatch newsletter is confirmed.

Newsletters come from this address, and every one ends with a link that unsubscribes you.`;

const querySchema = z.object({
  email: emailSchema,
  /** When the link was sent (unix seconds); links from before it existed have none. */
  t: z
    .string()
    .regex(/^[0-9]{1,12}$/)
    .transform(Number)
    .optional(),
  token: z.string().regex(/^[0-9a-f]{64}$/),
  /** From the expired link's page: send a new confirmation e-mail. */
  again: z.literal('1').optional(),
});

const page = (status: number, title: string, body: string) =>
  htmlPage(status, title, body, corsHeaders);

/**
 * The double opt-in's second step. The confirmation e-mail links here with `email` and `token`
 * (an HMAC of the address). GET changes nothing (mail scanners follow links): it answers a page
 * whose button POSTs to the same address. POST marks the address confirmed (and subscribed again
 * if it had unsubscribed) and, the first time, queues the welcome e-mail with the signed
 * unsubscribe link. Runs without a JWT (supabase/config.toml): the signature is the credential.
 * A link works for CONFIRMATION_LINK_DAYS days (its send time `t` is signed with it); an expired
 * one confirms nothing and offers a button that sends a new confirmation e-mail, limited as the
 * footer's sign-up is.
 */
export default async function handler(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: corsHeaders });
  if (request.method !== 'GET' && request.method !== 'POST') {
    return json(405, { error: 'Method not allowed' }, { Allow: 'GET, POST, OPTIONS' });
  }
  const url = new URL(request.url);
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  const state = parsed.success
    ? await checkConfirmationLink(parsed.data.email, parsed.data.t, parsed.data.token)
    : 'invalid';
  if (!parsed.success || state === 'invalid') {
    return page(400, 'Link not valid', `<p>${escapeText(INVALID_LINK)}</p>`);
  }
  const { email } = parsed.data;
  if (state === 'expired') return expired(request, url, email, parsed.data.again === '1');
  if (request.method === 'GET') {
    return page(
      200,
      'Confirm your newsletter subscription',
      `<p>Subscribe ${escapeText(email)} to the ProMatch newsletter?</p><form method="post" action="${escapeText(url.pathname + url.search)}"><button type="submit">Confirm subscription</button></form>`,
    );
  }
  const admin = supabaseAdmin();
  try {
    const { data, error } = await admin
      .from('newsletter_subscribers')
      .update({ confirmed_at: new Date().toISOString(), unsubscribed_at: null })
      .eq('email', email)
      .or('confirmed_at.is.null,unsubscribed_at.not.is.null')
      .select('id');
    if (error) throw error;
    if (data.length > 0) {
      const { error: queued } = await admin
        .from('outbound_emails')
        .insert(await newsletterEmail(email, WELCOME_SUBJECT, WELCOME_BODY));
      if (queued) throw queued;
    }
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    console.error('[newsletter-confirm] failed:', code, message);
    return page(
      500,
      'Not confirmed yet',
      '<p>Could not confirm right now. Please try again later.</p>',
    );
  }
  // the same page whether it was just confirmed, confirmed before, or the row was since deleted
  return page(
    200,
    'You are subscribed',
    `<p>Thank you. ${escapeText(email)} will receive the ProMatch newsletter; every one ends with a link that unsubscribes you.</p>`,
  );
}

/**
 * An expired link: GET (or a POST without `again`) says so and offers to subscribe again; the
 * button POSTs with `again=1`, which signs the address up afresh (a new confirmation e-mail, the
 * same limits as the footer's form). Still double opt-in: only the new link confirms.
 */
async function expired(
  request: Request,
  url: URL,
  email: string,
  again: boolean,
): Promise<Response> {
  if (request.method === 'POST' && again) {
    try {
      const outcome = await requestSubscription(
        supabaseAdmin(),
        email,
        `ip:${callerAddress(request)}`,
      );
      if (outcome === 'limited') {
        return page(429, 'Try again later', `<p>${escapeText(TOO_MANY_SIGNUPS)}</p>`);
      }
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      console.error('[newsletter-confirm] subscribe again failed:', code, message);
      return page(
        500,
        'Not sent yet',
        '<p>Could not send a new link right now. Please try again later.</p>',
      );
    }
    return page(
      200,
      'Check your inbox',
      `<p>If ${escapeText(email)} still needs confirming, a new confirmation e-mail is on its way. Its link works for ${CONFIRMATION_LINK_DAYS} days.</p>`,
    );
  }
  const again_ = new URL(url);
  again_.searchParams.set('again', '1');
  return page(
    410,
    'This link has expired',
    `<p>${escapeText(EXPIRED_LINK)}</p><form method="post" action="${escapeText(again_.pathname + again_.search)}"><button type="submit">Subscribe again</button></form><p>We will send a new confirmation e-mail to ${escapeText(email)}.</p>`,
  );
}

serveOnDeno(handler);
