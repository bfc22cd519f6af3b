import { z } from 'zod';
import { serveOnDeno } from '../_shared/env.ts';
import { corsHeaders, json } from '../_shared/http.ts';
import { escapeText, htmlPage } from '../_shared/html-page.ts';
import {
  notificationUnsubscribeToken,
  sameToken,
  unsubscribeSecret,
} from '../_shared/notification-unsubscribe.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

/** The event groups a link may name (notification_preferences.kind). */
const GROUPS = [
  'messages',
  'proposals',
  'hires',
  'appointments',
  'matches',
  'teams',
  'reviews',
  'account',
  'payments',
] as const;

const LABELS: Record<(typeof GROUPS)[number], string> = {
  messages: 'new messages',
  proposals: 'proposals',
  hires: 'hires',
  appointments: 'appointments, call reminders and missed calls',
  matches: 'new projects you match',
  teams: 'your teams',
  reviews: 'reviews',
  account: 'account and verification',
  payments: 'payments and milestones',
};

const querySchema = z.object({
  u: z.uuid(),
  c: z.enum(GROUPS),
  t: z.string().regex(/^[0-9a-f]{64}$/),
});

export const INVALID_LINK =
  'This unsubscribe link is not valid. Use the link in your ProMatch e-mail as it is.';

const page = (status: number, title: string, body: string) =>
  htmlPage(status, title, body, corsHeaders);

/**
 * One-click unsubscribe from one group of notification e-mail (RFC 8058). The e-mail's
 * `List-Unsubscribe` header carries this function's URL with `u` (user), `c` (group) and `t`
 * (their HMAC); mail providers POST `List-Unsubscribe=One-Click` to it, which turns that group's
 * e-mail off at once (immediate and digest) with no further step. A GET (someone following the
 * link, or a scanner) changes nothing: it answers a page whose button sends the same POST.
 * Runs without a JWT (supabase/config.toml): the signature is the credential.
 */
export default async function handler(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: corsHeaders });
  if (request.method !== 'GET' && request.method !== 'POST') {
    return json(405, { error: 'Method not allowed' }, { Allow: 'GET, POST, OPTIONS' });
  }
  const url = new URL(request.url);
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  const valid =
    parsed.success &&
    sameToken(
      await notificationUnsubscribeToken(parsed.data.u, parsed.data.c, unsubscribeSecret()),
      parsed.data.t,
    );
  if (!parsed.success || !valid) {
    return page(400, 'Link not valid', `<p>${escapeText(INVALID_LINK)}</p>`);
  }
  const label = LABELS[parsed.data.c];
  if (request.method === 'GET') {
    return page(
      200,
      `Stop e-mails about ${label}?`,
      `<p>ProMatch will stop e-mailing you about ${escapeText(label)}. You will still see them in ProMatch, and you can turn e-mail back on in your notification settings.</p><form method="post" action="${escapeText(url.pathname + url.search)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  }
  const { error } = await supabaseAdmin().rpc('unsubscribe_notification_email', {
    p_user: parsed.data.u,
    p_category: parsed.data.c,
  });
  if (error) {
    // the account was deleted since the e-mail: nothing is left to send to.
    if (error.code === '23503')
      return page(200, 'You are unsubscribed', '<p>Nothing more will be sent.</p>');
    console.error('[notification-unsubscribe] failed:', error.code, error.message);
    return page(
      500,
      'Not unsubscribed yet',
      '<p>Could not unsubscribe right now. Please try again later.</p>',
    );
  }
  return page(
    200,
    'You are unsubscribed',
    `<p>ProMatch will send no more e-mail about ${escapeText(label)} to this address. You can turn it back on in your notification settings.</p>`,
  );
}

serveOnDeno(handler);
