import { z } from 'zod';
import type { Queryable } from '../../db/types.ts';
import type { ApiResponse } from '../../http/types.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { json, parseBody } from '../request.ts';
import { sessionJson, type SessionJson } from '../sessions/session-json.ts';
import {
  activeRefreshToken,
  deleteSession,
  findRefreshTokenForUpdate,
  findSession,
  insertRefreshToken,
  revokeRefreshToken,
  type RefreshTokenRow,
} from '../sessions/sessions-repo.ts';
import { findUserById } from '../users/users-repo.ts';

const RefreshBody = z.object({ refresh_token: z.string().nullish() });

const notFound = () =>
  new AuthError(
    400,
    ErrorCode.refreshTokenNotFound,
    'Invalid Refresh Token: Refresh Token Not Found',
  );

type Outcome = { session: SessionJson } | { reused: true };

function withinReuseInterval(row: RefreshTokenRow, seconds: number): boolean {
  return Date.now() - new Date(row.updated_at).getTime() <= seconds * 1000;
}

async function rotate(call: AuthCall, tx: Queryable, token: string): Promise<Outcome> {
  const row = await findRefreshTokenForUpdate(tx, token);
  if (!row) throw notFound();
  const session = await findSession(tx, row.session_id);
  const user = session ? await findUserById(tx, session.user_id) : undefined;
  if (!session || !user) throw notFound();
  if (user.banned_until && new Date(user.banned_until) > new Date()) {
    throw new AuthError(400, ErrorCode.userBanned, 'Invalid Refresh Token: User Banned');
  }
  if (row.revoked) {
    // A client that lost the response of a rotation (two tabs, a retry) may reuse its old token
    // briefly and gets the current one; later reuse means the token leaked: end the session.
    const active = withinReuseInterval(row, call.settings.refreshTokenReuseSeconds)
      ? await activeRefreshToken(tx, session.id)
      : undefined;
    if (!active) {
      await deleteSession(tx, session.id);
      return { reused: true };
    }
    return { session: await sessionJson(call.app, tx, user, session, active) };
  }
  await revokeRefreshToken(tx, row.token);
  const next = await insertRefreshToken(tx, session, row.token);
  await tx.query(
    'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
    [session.id],
  );
  return { session: await sessionJson(call.app, tx, user, session, next) };
}

/** grant_type=refresh_token: rotation with reuse detection, as GoTrue does it. */
export async function refreshTokenGrant(call: AuthCall): Promise<ApiResponse> {
  const body = parseBody(call.request, RefreshBody);
  if (!body.refresh_token) throw notFound();
  const token = body.refresh_token;
  // The session is deleted inside the transaction and the error thrown after it commits.
  const outcome = await call.app.db.transaction((tx) => rotate(call, tx, token));
  if ('reused' in outcome) {
    throw new AuthError(
      400,
      ErrorCode.refreshTokenAlreadyUsed,
      'Invalid Refresh Token: Already Used',
    );
  }
  return json(outcome.session);
}
