import type { Queryable } from '../../db/types.ts';
import type { FactorRow } from '../users/user-row.ts';

export async function insertFactor(
  db: Queryable,
  userId: string,
  friendlyName: string,
  secret: string,
): Promise<FactorRow> {
  const { rows } = await db.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4) returning *`,
    [crypto.randomUUID(), userId, friendlyName, secret],
  );
  return rows[0] as FactorRow;
}

export async function findFactor(
  db: Queryable,
  userId: string,
  id: string,
): Promise<FactorRow | undefined> {
  const { rows } = await db.query<FactorRow>(
    'select * from auth.mfa_factors where id = $1 and user_id = $2',
    [id, userId],
  );
  return rows[0];
}

export async function friendlyNameTaken(
  db: Queryable,
  userId: string,
  name: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from auth.mfa_factors where user_id = $1 and friendly_name = $2',
    [userId, name],
  );
  return rows.length > 0;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
}

export async function insertChallenge(
  db: Queryable,
  factorId: string,
  ip: string | null,
): Promise<ChallengeRow> {
  const { rows } = await db.query<ChallengeRow>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
     returning id, factor_id, created_at, verified_at`,
    [crypto.randomUUID(), factorId, ip ?? '0.0.0.0'],
  );
  return rows[0] as ChallengeRow;
}

export async function findChallengeForUpdate(
  db: Queryable,
  id: string,
): Promise<ChallengeRow | undefined> {
  const { rows } = await db.query<ChallengeRow>(
    'select id, factor_id, created_at, verified_at from auth.mfa_challenges where id = $1 for update',
    [id],
  );
  return rows[0];
}

export async function markVerified(
  db: Queryable,
  factorId: string,
  challengeId: string,
): Promise<void> {
  await db.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challengeId]);
  await db.query(
    "update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1",
    [factorId],
  );
}

/** Removes the factor; sessions that reached aal2 with it fall back to aal1. */
export async function deleteFactor(db: Queryable, factorId: string): Promise<void> {
  await db.query("update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1", [
    factorId,
  ]);
  await db.query('delete from auth.mfa_factors where id = $1', [factorId]);
}
