import { z } from 'zod';
import { emailSchema } from '../_shared/email.ts';
import { serveOnDeno } from '../_shared/env.ts';
import { corsHeaders, json } from '../_shared/http.ts';
import { escapeText, htmlPage } from '../_shared/html-page.ts';
import { newsletterEmail, verifyConfirmationToken } from '../_shared/newsletter.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

export const INVALID_LINK =
  'This confirmation link is not valid. Use the link in your confirmation e-mail as it is.';

const WELCOME_SUBJECT = 'Welcome to the ProMatch newsletter';
const WELCOME_BODY = `Your subscription to the ProMatch newsletter is confirmed.

Newsletters come from this address, and every one ends with a link that unsubscribes you.`;

const querySchema = z.object({
  email: emailSchema,
  token: z.string().regex(/^[0-9a-f]{64}$/),
});

const page = (status: number, title: string, body: string) =>
  htmlPage(status, title, body, corsHeaders);

/**
 * The double opt-in's second step. The confirmation e-mail links here with `email` and `token`
 * (an HMAC of the address). GET changes nothing (mail scanners follow links): it answers a page
 * whose button POSTs to the same address. POST marks the address confirmed (and subscribed again
 * if it had unsubscribed) and, the first time, queues the welcome e-mail with the signed
 * unsubscribe link. Runs without a JWT (supabase/config.toml): the signature is the credential.
 */
export default async function handler(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: corsHeaders });
  if (request.method !== 'GET' && request.method !== 'POST') {
    return json(405, { error: 'Method not allowed' }, { Allow: 'GET, POST, OPTIONS' });
  }
  const url = new URL(request.url);
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success || !(await verifyConfirmationToken(parsed.data.email, parsed.data.token))) {
    return page(400, 'Link not valid', `<p>${escapeText(INVALID_LINK)}</p>`);
  }
  const { email } = parsed.data;
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

serveOnDeno(handler);
