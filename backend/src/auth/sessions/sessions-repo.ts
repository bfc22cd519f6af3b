import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';

export type Aal = 'aal1' | 'aal2';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: Aal;
  factor_id: string | null;
  created_at: Date;
}

export interface RefreshTokenRow {
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string;
  updated_at: Date;
}

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** An opaque random refresh token (GoTrue uses short random strings, not JWTs). */
export const newRefreshToken = () => randomBytes(18).toString('base64url');

export async function insertRefreshToken(
  db: Queryable,
  session: { id: string; user_id: string },
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, session.user_id, parent, session.id],
  );
  return token;
}

/** A new session with its first amr claim (how the user signed in) and first refresh token. */
export async function createSession(
  db: Queryable,
  userId: string,
  method: string,
  meta: { userAgent?: string; ip?: string },
): Promise<{ session: SessionRow; refreshToken: string }> {
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet) returning *`,
    [crypto.randomUUID(), userId, meta.userAgent ?? null, validIp(meta.ip)],
  );
  const session = rows[0] as SessionRow;
  await addAmrClaim(db, session.id, method);
  const refreshToken = await insertRefreshToken(db, session, null);
  return { session, refreshToken };
}

/** inet rejects anything that is not an address; keep the session even when the IP is odd. */
function validIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const bare = ip.replace(/^::ffff:/, '');
  return /^[0-9a-fA-F:.]+$/.test(bare) ? bare : null;
}

export async function addAmrClaim(db: Queryable, sessionId: string, method: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method, crypto.randomUUID()],
  );
}

/** The session's amr claims, newest first, as the JWT carries them. */
export async function amrClaims(db: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await db.query<{ method: string; ts: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::float8 as ts
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((row) => ({ method: row.method, timestamp: Math.floor(Number(row.ts)) }));
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>('select * from auth.sessions where id = $1', [id]);
  return rows[0];
}

export async function setSessionAal(db: Queryable, id: string, aal: Aal, factorId: string | null) {
  await db.query(
    'update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1',
    [id, aal, factorId],
  );
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.sessions where id = $1', [id]);
}

/** scope global: every session of the user; others: all but `keep`. */
export async function deleteUserSessions(
  db: Queryable,
  userId: string,
  keep?: string,
): Promise<void> {
  await db.query(
    'delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)',
    [userId, keep ?? null],
  );
}

/** Locks the refresh token row so two concurrent refreshes cannot both rotate it. */
export async function findRefreshTokenForUpdate(
  db: Queryable,
  token: string,
): Promise<RefreshTokenRow | undefined> {
  const { rows } = await db.query<RefreshTokenRow>(
    'select token, user_id, revoked, parent, session_id, updated_at from auth.refresh_tokens where token = $1 for update',
    [token],
  );
  return rows[0];
}

/** The session's newest unrevoked token: what a client inside the reuse interval gets back. */
export async function activeRefreshToken(
  db: Queryable,
  sessionId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ token: string }>(
    `select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  return rows[0]?.token;
}

export async function revokeRefreshToken(db: Queryable, token: string): Promise<void> {
  await db.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1',
    [token],
  );
}
