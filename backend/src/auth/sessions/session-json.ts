import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/types.ts';
import { rememberSignInAddress } from '../sign-in-guard.ts';
import type { UserRow } from '../users/user-row.ts';
import { loadUserJson } from '../users/user-json.ts';
import { signAccessToken } from './access-token.ts';
import { amrClaims, createSession, type SessionRow } from './sessions-repo.ts';

export interface RequestMeta {
  userAgent?: string;
  ip?: string;
}

/** GoTrue's token response: a Session with the full User. */
export async function sessionJson(
  ctx: AppContext,
  db: Queryable,
  user: UserRow,
  session: Pick<SessionRow, 'id' | 'aal'>,
  refreshToken: string,
) {
  const [amr, userBody] = await Promise.all([amrClaims(db, session.id), loadUserJson(db, user)]);
  const { token, expiresAt } = await signAccessToken(ctx, user, session, amr);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userBody,
  };
}

export type SessionJson = Awaited<ReturnType<typeof sessionJson>>;

/**
 * Signs the user in: records last_sign_in_at and the client's address (sign-in-guard.ts), opens
 * a session and returns it.
 */
export async function signIn(
  ctx: AppContext,
  db: Queryable,
  user: UserRow,
  method: string,
  meta: RequestMeta,
): Promise<SessionJson> {
  const { rows } = await db.query<UserRow>(
    'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *',
    [user.id],
  );
  const fresh = rows[0] ?? user;
  await rememberSignInAddress(db, fresh.id, meta.ip);
  const { session, refreshToken } = await createSession(db, fresh.id, method, meta);
  return sessionJson(ctx, db, fresh, session, refreshToken);
}
