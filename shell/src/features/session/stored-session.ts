import type { User } from '@supabase/supabase-js';

/** supabase-js's default storage key: `sb-<first label of the backend's host>-auth-token`. */
const SESSION_KEY = /^sb-.+-auth-token$/;
/**
 * A stored token with less than this left is not used early: the session sync refreshes it first
 * (the same threshold as the refresh scheduler's, token-refresh.ts).
 */
const FRESH_FOR_SECONDS = 300;

/** What start-up may take from a session supabase-js stored on an earlier visit. */
export interface StoredSession {
  user: User;
  expiresAt: number;
}

interface TokenClaims {
  sub?: unknown;
  exp?: unknown;
  aal?: unknown;
}

function decodeClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    return json && typeof json === 'object' ? (json as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** The account has a verified second factor: the session must be aal2 to count as signed in. */
const hasVerifiedFactor = (user: User) =>
  (user.factors ?? []).some((factor) => factor.status === 'verified');

/**
 * The signed-in user of the session supabase-js left in `storage`, read synchronously at start so
 * the page's queries need not wait for the runtime config and supabase-js to know who is signed
 * in. Only a session that is plainly usable counts: exactly one stored session, whose access
 * token names the same user, is not within five minutes of expiring and, for an account with a
 * second factor, was completed with it. Anything else is null, and the session sync decides
 * (refreshing, asking for the code, or signing out) as it always did. Nothing is trusted here
 * that the backend does not check again: every request still carries the token, verified there.
 */
export function readStoredSession(storage: Storage, now = Date.now()): StoredSession | null {
  let keys: string[];
  try {
    keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key !== null && SESSION_KEY.test(key),
    );
  } catch {
    return null;
  }
  if (keys.length !== 1) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(keys[0]) ?? 'null');
  } catch {
    return null;
  }
  const session = stored as {
    access_token?: unknown;
    refresh_token?: unknown;
    expires_at?: unknown;
    user?: Partial<User> | null;
  } | null;
  if (
    typeof session?.access_token !== 'string' ||
    typeof session.refresh_token !== 'string' ||
    typeof session.user?.id !== 'string'
  )
    return null;
  const user = session.user as User;
  const claims = decodeClaims(session.access_token);
  if (!claims || claims.sub !== user.id || typeof claims.exp !== 'number') return null;
  const expiresAt = typeof session.expires_at === 'number' ? session.expires_at : claims.exp;
  if (Math.min(expiresAt, claims.exp) - Math.floor(now / 1000) < FRESH_FOR_SECONDS) return null;
  if (hasVerifiedFactor(user) && claims.aal !== 'aal2') return null;
  return { user, expiresAt };
}
