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

/**
 * The token of an address (hex HMAC-SHA256). `key` defaults to the secret above; the backend's
 * newsletter job passes the same secret from its own configuration.
 */
export async function unsubscribeToken(email: string, key_: string = secret()): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key_),
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
export async function unsubscribeLink(
  email: string,
  site_: string = env('SITE_URL') ?? 'http://localhost:3000',
  key?: string,
): Promise<string> {
  const site = site_.replace(/\/$/, '');
  const query = new URLSearchParams({ email, token: await unsubscribeToken(email, key) });
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

/** How long a confirmation link works: an old link is refused and offers to subscribe again. */
export const CONFIRMATION_LINK_DAYS = 7;
const CONFIRMATION_LINK_SECONDS = CONFIRMATION_LINK_DAYS * 86_400;

async function hmacHex(data: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret()),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(data)));
}

const sameText = (a: string, b: string) => {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
};

/**
 * The token of an address's confirmation link issued at `issuedAt` (unix seconds): a hex
 * HMAC-SHA256 of both, apart from the unsubscribe one, so the time cannot be changed.
 */
export function confirmationToken(email: string, issuedAt: number): Promise<string> {
  return hmacHex(`newsletter-confirm:${email.trim().toLowerCase()}:${issuedAt}`);
}

/**
 * What a confirmation link is: `valid`; `expired` (signed, but issued more than
 * CONFIRMATION_LINK_DAYS ago, or a link from before links carried their time); or `invalid`.
 */
export async function checkConfirmationLink(
  email: string,
  issuedAt: number | undefined,
  token: string,
  now: number = Math.floor(Date.now() / 1000),
): Promise<'valid' | 'expired' | 'invalid'> {
  if (issuedAt === undefined) {
    // links sent before they carried their time: signed over the address alone
    const legacy = await hmacHex(`newsletter-confirm:${email.trim().toLowerCase()}`);
    return sameText(legacy, token) ? 'expired' : 'invalid';
  }
  if (!sameText(await confirmationToken(email, issuedAt), token)) return 'invalid';
  if (issuedAt > now + 300) return 'invalid';
  return now - issuedAt > CONFIRMATION_LINK_SECONDS ? 'expired' : 'valid';
}

/**
 * The confirmation e-mail of the double opt-in: the only e-mail an unconfirmed address receives.
 * Its link opens the newsletter-confirm function at the API's address (SUPABASE_URL), whose page
 * asks for one click to confirm (so a mail scanner following links confirms nothing). The link
 * works for CONFIRMATION_LINK_DAYS days.
 */
export async function confirmationEmail(
  to: string,
  now: number = Math.floor(Date.now() / 1000),
): Promise<{ to_email: string; subject: string; body_text: string }> {
  const api = (env('SUPABASE_URL') ?? 'http://localhost:54321').replace(/\/$/, '');
  const query = new URLSearchParams({
    email: to,
    t: String(now),
    token: await confirmationToken(to, now),
  });
  const link = `${api}/functions/v1/newsletter-confirm?${query.toString()}`;
  return {
    to_email: to,
    subject: 'Confirm your ProMatch newsletter subscription',
    body_text: `Someone, hopefully you, asked to receive the ProMatch newsletter at ${to}.

Confirm your subscription: ${link}

The link works for ${CONFIRMATION_LINK_DAYS} days. Until you confirm, ProMatch sends this address no newsletter. If it was not you, ignore this e-mail and nothing more will come.

ProMatch
`,
  };
}
