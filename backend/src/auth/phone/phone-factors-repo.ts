import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';
import type { FactorRow } from '../users/user-row.ts';

export async function insertPhoneFactor(
  db: Queryable,
  userId: string,
  friendlyName: string,
  phone: string,
): Promise<FactorRow> {
  const { rows } = await db.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone)
     values ($1, $2, $3, 'phone', 'unverified', now(), now(), $4) returning *`,
    [crypto.randomUUID(), userId, friendlyName, phone],
  );
  return rows[0] as FactorRow;
}

/** The user's phone factors for `phone` (E.164). */
export async function phoneFactorsFor(
  db: Queryable,
  userId: string,
  phone: string,
): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    "select * from auth.mfa_factors where user_id = $1 and factor_type = 'phone' and phone = $2",
    [userId, phone],
  );
  return rows;
}

/** The code is stored only as a hash bound to its challenge. */
export const codeHash = (challengeId: string, code: string) =>
  createHash('sha256').update(`${challengeId}:${code}`).digest('hex');

export function codeMatches(challengeId: string, stored: string | null, code: string): boolean {
  if (!stored || !/^\d{6}$/.test(code)) return false;
  const a = Buffer.from(codeHash(challengeId, code));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function storeChallengeCode(
  db: Queryable,
  challengeId: string,
  code: string,
): Promise<void> {
  await db.query('update auth.mfa_challenges set otp_code = $2 where id = $1', [
    challengeId,
    codeHash(challengeId, code),
  ]);
}

export async function challengeCode(db: Queryable, challengeId: string): Promise<string | null> {
  const { rows } = await db.query<{ otp_code: string | null }>(
    'select otp_code from auth.mfa_challenges where id = $1',
    [challengeId],
  );
  return rows[0]?.otp_code ?? null;
}
