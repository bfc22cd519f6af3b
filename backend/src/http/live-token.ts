import type { JwtClaims } from '../config/keys.ts';
import type { Queryable } from '../db/types.ts';

/**
 * Whether a verified, unexpired token is still good: a token that names a session (every access
 * token /auth/v1 issues does) needs that session to exist. Sign-out deletes it (scope local: this
 * one; global: all of the user's), and so do a staff suspension (admin_do_suspend) and an admin
 * ban (PUT /auth/v1/admin/users with ban_duration), so this one check covers all of them. Tokens
 * without a session_id (the anon and service keys) pass.
 *
 * It asks the same SQL function the REST gateway runs in its setup statement
 * (backend/sql/bootstrap/040_live_sessions.sql), so REST, storage and realtime share one rule.
 */
export async function tokenIsLive(db: Queryable, claims: JwtClaims): Promise<boolean> {
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  if (sessionId === null) return true;
  try {
    await db.query('select auth.require_live_session($1)', [sessionId]);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'PT401') return false;
    throw error;
  }
}

/** What every surface says when a token's session has ended (REST says the same). */
export const endedSessionMessage = 'JWT session has ended';
