import type { Queryable } from '../db/types.ts';
import { ErrorCode } from './codes.ts';
import type { AuthCall } from './context.ts';
import { AuthError } from './errors.ts';
import { enforce, hit } from './rate-limit.ts';
import type { SignInBackoff } from './settings.ts';
import type { UserRow } from './users/user-row.ts';

/** A pair's attempts are forgotten a day after the last one. */
const BACKOFF_MEMORY_SECONDS = 86_400;

const tooMany = () =>
  new AuthError(429, ErrorCode.overRequestRateLimit, 'Request rate limit reached');

const pairKey = (ip: string, email: string) => `signin:pair:${ip}:${email}`;

/**
 * Counts one attempt from `ip` at `email` unless it comes too soon: after `freeAttempts`, each
 * attempt must wait base·2^(n−free) seconds (capped) after the previous one. One upsert, so
 * parallel guesses cannot all slip through. Returns false when the attempt is refused (and not
 * counted: waiting out the delay is enough).
 */
async function backoffAllows(db: Queryable, key: string, backoff: SignInBackoff): Promise<boolean> {
  // The exponent is capped too: 2^30 s is past any maximum, and power() overflows near 2^1024.
  const delay = `least($4::float8, $3::float8 * power(2, least(r.hits - $2, 30)))`;
  const waiting = `(r.hits >= $2 and r.window_start + make_interval(secs => ${delay}) > now())`;
  const forgotten = `r.window_start <= now() - make_interval(secs => $5)`;
  const { rows } = await db.query<{ counted: boolean }>(
    `insert into auth.rate_limits as r (key, window_start, hits) values ($1, now(), 1)
     on conflict (key) do update set
       hits = case when ${forgotten} then 1 when ${waiting} then r.hits else r.hits + 1 end,
       window_start = case when ${waiting} then r.window_start else now() end
     returning window_start = now() as counted`,
    [key, backoff.freeAttempts, backoff.baseSeconds, backoff.maxSeconds, BACKOFF_MEMORY_SECONDS],
  );
  return rows[0]?.counted === true;
}

/** No user has this id: the lookup still runs for an unknown account, so timing tells nothing. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** Whether `user` has signed in from `ip` before (by any method). */
async function knownAddress(db: Queryable, user: UserRow | undefined, ip: string) {
  const { rows } = await db.query(
    'select 1 from auth.sign_in_addresses where user_id = $1 and ip = $2',
    [user?.id ?? NO_USER, ip],
  );
  return rows.length > 0;
}

/**
 * The limits on password sign-in, before the password is checked:
 * - per client address (RATE_LIMIT_SIGN_IN), whichever accounts it tries;
 * - per (address, account), with exponential backoff (RATE_LIMIT_SIGN_IN_BACKOFF_*);
 * - per account (RATE_LIMIT_SIGN_IN_PER_EMAIL), counted and applied only to addresses the account
 *   has never signed in from, so guesses from elsewhere cannot lock the owner out of their usual
 *   devices. An unknown address and an unknown account are treated alike (no enumeration).
 */
export async function guardSignIn(
  call: AuthCall,
  email: string,
  user: UserRow | undefined,
): Promise<void> {
  const { db } = call.app;
  const limit = call.settings.rateLimits.signIn;
  await enforce(db, 'signin', { ip: call.ip }, limit);
  if (!(await backoffAllows(db, pairKey(call.ip, email), call.settings.signInBackoff)))
    throw tooMany();
  if (await knownAddress(db, user, call.ip)) return;
  const key = `signin:account:${email}`;
  if (!(await hit(db, key, limit.perEmailMax, limit.windowSeconds))) throw tooMany();
}

/** After a correct password: this address starts again from no attempts. */
export async function forgetSignInAttempts(call: AuthCall, email: string): Promise<void> {
  await call.app.db.query('delete from auth.rate_limits where key = $1', [pairKey(call.ip, email)]);
}

/** Called on every sign-in (password, link, code): the address becomes one the owner uses. */
export async function rememberSignInAddress(
  db: Queryable,
  userId: string,
  ip: string | undefined,
): Promise<void> {
  if (!ip) return;
  await db.query(
    `insert into auth.sign_in_addresses (user_id, ip) values ($1, $2)
     on conflict (user_id, ip) do update set last_sign_in_at = now()`,
    [userId, ip],
  );
}
