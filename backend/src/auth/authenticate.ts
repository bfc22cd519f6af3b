import type { JwtClaims } from '../config/keys.ts';
import { ErrorCode } from './codes.ts';
import type { AuthCall } from './context.ts';
import { AuthError } from './errors.ts';
import { bearerToken } from './request.ts';
import { findSession, type SessionRow } from './sessions/sessions-repo.ts';
import type { UserRow } from './users/user-row.ts';
import { findUserById } from './users/users-repo.ts';

export interface Authenticated {
  claims: JwtClaims;
  user: UserRow;
  session: SessionRow;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Verifies the Bearer token's signature and expiry. Forged or expired: 401 bad_jwt. */
export async function verifyBearer(call: AuthCall): Promise<JwtClaims> {
  const token = bearerToken(call.request);
  if (!token) {
    throw new AuthError(
      401,
      ErrorCode.noAuthorization,
      'This endpoint requires a valid Bearer token',
    );
  }
  try {
    return await call.app.keys.verify(token);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid token';
    throw new AuthError(
      401,
      ErrorCode.badJwt,
      `invalid JWT: unable to parse or verify signature, ${reason}`,
    );
  }
}

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  session?: SessionRow;
}

/**
 * The user behind a valid token. A token that names a session needs that session to still exist
 * (logout and refresh-token reuse delete sessions, so their access tokens stop working at once);
 * the user must exist and not be banned.
 */
async function loadCaller(call: AuthCall, sessionRequired: boolean): Promise<Caller> {
  const claims = await verifyBearer(call);
  if (!claims.sub || !UUID.test(claims.sub)) {
    throw new AuthError(403, ErrorCode.badJwt, 'invalid claim: missing sub claim');
  }
  const sessionId = claims.session_id;
  let session: SessionRow | undefined;
  if (sessionId !== undefined || sessionRequired) {
    session =
      sessionId && UUID.test(sessionId) ? await findSession(call.app.db, sessionId) : undefined;
    if (!session || session.user_id !== claims.sub) {
      throw new AuthError(
        403,
        ErrorCode.sessionNotFound,
        'Session from session_id claim in JWT does not exist',
      );
    }
  }
  const user = await findUserById(call.app.db, claims.sub);
  if (!user)
    throw new AuthError(403, ErrorCode.userNotFound, 'User from sub claim in JWT does not exist');
  if (user.banned_until && new Date(user.banned_until) > new Date()) {
    throw new AuthError(403, ErrorCode.userBanned, 'User is banned');
  }
  return { claims, user, session };
}

/** Endpoints that act on the session (logout, MFA): the token must carry a live session_id. */
export async function requireUser(call: AuthCall): Promise<Authenticated> {
  const { claims, user, session } = await loadCaller(call, true);
  if (!session) throw new AuthError(403, ErrorCode.sessionNotFound, 'Session not found');
  return { claims, user, session };
}

/**
 * GET/PUT /user: like GoTrue, a server-minted token without a session_id claim (e.g. an HS256
 * token from the project's JWT secret) is accepted; one that names a session still needs it.
 */
export function requireCaller(call: AuthCall): Promise<Caller> {
  return loadCaller(call, false);
}

/** Admin endpoints: the Bearer must be a valid token with role service_role. */
export async function requireServiceRole(call: AuthCall): Promise<void> {
  const claims = await verifyBearer(call);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw new AuthError(403, ErrorCode.notAdmin, 'User not allowed');
  }
}
