import { env, serveOnDeno } from '../_shared/env.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';
import { buildCalendar, type FeedAppointment } from './ical.ts';

/**
 * GET /functions/v1/calendar-feed/<token>.ics -> text/calendar: the feed owner's appointments
 * (from 90 days ago on) for a calendar app to subscribe to. The token is the only credential
 * (calendar apps send no Authorization header), so this function runs without JWT verification
 * (supabase/config.toml); regenerate_calendar_feed and revoke_calendar_feed end an old address.
 */
const tokenPattern = /^[0-9a-f]{64}$/;

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });

export default async function handler(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return text(405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  const url = new URL(request.url);
  const last = url.pathname.split('/').pop() ?? '';
  const token = (last === 'calendar-feed' ? (url.searchParams.get('token') ?? '') : last).replace(
    /\.ics$/,
    '',
  );
  if (!tokenPattern.test(token)) {
    return text(404, 'This calendar address is not valid.');
  }
  const { data, error } = await supabaseAdmin().rpc('calendar_feed_appointments', {
    p_token: token,
  });
  if (error) {
    console.error('[calendar-feed] lookup failed:', error.code, error.message);
    return text(500, 'The calendar could not be read right now. Please try again later.');
  }
  if (!data) {
    return text(
      404,
      'This calendar address was turned off or replaced. Copy the new one from ProMatch.',
    );
  }
  const feed = data as { appointments: FeedAppointment[] };
  const siteUrl = (env('SITE_URL') ?? 'http://localhost:3000').replace(/\/$/, '');
  const body = buildCalendar(feed.appointments, {
    uidDomain: 'promatch.co.uk',
    now: new Date(),
    appUrl: siteUrl,
  });
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="promatch.ics"',
      'Cache-Control': 'private, max-age=300',
    },
  });
}

serveOnDeno(handler);
