import { env } from './env.ts';

/**
 * Signed unsubscribe links for newsletter e-mail: an HMAC-SHA256 of the lower-cased address under
 * a server secret (NEWSLETTER_UNSUBSCRIBE_SECRET, else the service-role key, which never leaves
 * the server). Anyone holding the link can unsubscribe that one address, and nobody can make a
 * link for another address without the secret.
 */
function secret(): string {
  const value = env('NEWSLETTER_UNSUBSCRIBE_SECRET') ?? env('SUPABASE_SERVICE_ROLE_KEY');
  if (!value)
    throw new Error('NEWSLETTER_UNSUBSCRIBE_SECRET or SUPABASE_SERVICE_ROLE_KEY must be set');
  return value;
}

const toHex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The token of an address (hex HMAC-SHA256). */
export async function unsubscribeToken(email: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret()),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(email.trim().toLowerCase())));
}

/** True when `token` is the address's token (compared in constant time). */
export async function verifyUnsubscribeToken(email: string, token: string): Promise<boolean> {
  const expected = await unsubscribeToken(email);
  if (token.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i += 1) {
    difference |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  }
  return difference === 0;
}

/** The site's page that asks the function to unsubscribe (SITE_URL, as the auth e-mails use). */
export async function unsubscribeLink(email: string): Promise<string> {
  const site = (env('SITE_URL') ?? 'http://localhost:3000').replace(/\/$/, '');
  const query = new URLSearchParams({ email, token: await unsubscribeToken(email) });
  return `${site}/unsubscribe?${query.toString()}`;
}

/**
 * Every newsletter e-mail goes out through here, so each one ends with its signed unsubscribe
 * link. Returns the outbound_emails row to queue.
 */
export async function newsletterEmail(
  to: string,
  subject: string,
  body: string,
): Promise<{ to_email: string; subject: string; body_text: string }> {
  const link = await unsubscribeLink(to);
  return {
    to_email: to,
    subject,
    body_text: `${body.trim()}\n\n--\nYou get this e-mail because ${to} subscribed to the ProMatch newsletter.\nUnsubscribe: ${link}\n`,
  };
}
