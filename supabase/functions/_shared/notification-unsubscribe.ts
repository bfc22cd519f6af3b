import { env } from './env.ts';

/**
 * Signed one-click unsubscribe links for notification e-mail (RFC 8058): an HMAC-SHA256 of the
 * user's id and the event group under the server secret the newsletter links use
 * (NEWSLETTER_UNSUBSCRIBE_SECRET, else the service-role key). Anyone holding the link can turn
 * off that one group's e-mail for that one user, and nobody can make a link for another user or
 * group without the secret.
 */
export function unsubscribeSecret(): string {
  const value = env('NEWSLETTER_UNSUBSCRIBE_SECRET') ?? env('SUPABASE_SERVICE_ROLE_KEY');
  if (!value)
    throw new Error('NEWSLETTER_UNSUBSCRIBE_SECRET or SUPABASE_SERVICE_ROLE_KEY must be set');
  return value;
}

const toHex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** An HMAC-SHA256 (hex) of `purpose:subject` under the secret. */
export async function signFor(purpose: string, subject: string, secret: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${purpose}:${subject}`)));
}

/** Compares two hex tokens in constant time. */
export function sameToken(expected: string, token: string): boolean {
  if (token.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i += 1) {
    difference |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  }
  return difference === 0;
}

export const notificationUnsubscribeToken = (userId: string, group: string, secret: string) =>
  signFor('notification-unsubscribe', `${userId}:${group}`, secret);

/**
 * The one-click URL for List-Unsubscribe: the notification-unsubscribe function at the API's
 * public address, with the user, the group and their signature.
 */
export async function notificationUnsubscribeUrl(
  apiUrl: string,
  userId: string,
  group: string,
  secret: string,
): Promise<string> {
  const query = new URLSearchParams({
    u: userId,
    c: group,
    t: await notificationUnsubscribeToken(userId, group, secret),
  });
  return `${apiUrl.replace(/\/$/, '')}/functions/v1/notification-unsubscribe?${query.toString()}`;
}
