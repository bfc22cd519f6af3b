import type { Queryable } from '../db/types.ts';
import { ErrorCode, type ErrorCodeValue } from './codes.ts';
import { AuthError } from './errors.ts';
import type { RateLimit } from './settings.ts';

/**
 * Counts one hit for `key` in its fixed window and says whether the limit still holds. The
 * counter lives in auth.rate_limits so every instance on one PostgreSQL shares it; the single
 * upsert is atomic, so concurrent requests cannot both slip under the limit.
 */
export async function hit(
  db: Queryable,
  key: string,
  max: number,
  windowSeconds: number,
): Promise<boolean> {
  const { rows } = await db.query<{ hits: number }>(
    `insert into auth.rate_limits as r (key, window_start, hits) values ($1, now(), 1)
     on conflict (key) do update set
       hits = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.hits + 1 end,
       window_start = case when r.window_start <= now() - make_interval(secs => $2) then now() else r.window_start end
     returning hits`,
    [key, windowSeconds],
  );
  // One row per IP and address ever seen: now and then, drop windows long over so the table
  // stays small without a scheduler.
  if (Math.random() < 0.01) {
    await db.query("delete from auth.rate_limits where window_start < now() - interval '7 days'");
  }
  return Number(rows[0]?.hits ?? 0) <= max;
}

const MESSAGES: Partial<Record<ErrorCodeValue, string>> = {
  [ErrorCode.overRequestRateLimit]: 'Request rate limit reached',
  [ErrorCode.overEmailSendRateLimit]: 'Email rate limit exceeded',
  [ErrorCode.overSmsSendRateLimit]: 'SMS rate limit exceeded',
};

/**
 * Counts the request for the client IP and for the e-mail address (each key is hit, so both are
 * counted) and throws GoTrue's 429 if either is over its limit. `scope` names the action.
 */
export async function enforce(
  db: Queryable,
  scope: string,
  /** `account`: the e-mail address, or the user id where there is none (MFA). */
  who: { ip?: string; account?: string },
  limit: RateLimit,
  code: ErrorCodeValue = ErrorCode.overRequestRateLimit,
): Promise<void> {
  let allowed = true;
  if (who.ip !== undefined)
    allowed = (await hit(db, `${scope}:ip:${who.ip}`, limit.max, limit.windowSeconds)) && allowed;
  if (who.account !== undefined) {
    const key = `${scope}:account:${who.account.toLowerCase()}`;
    allowed = (await hit(db, key, limit.perEmailMax, limit.windowSeconds)) && allowed;
  }
  if (!allowed) throw new AuthError(429, code, MESSAGES[code] ?? 'Too many requests');
}
