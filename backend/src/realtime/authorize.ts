import type { Keys } from '../config/keys.ts';
import type { Db, Queryable, Transaction } from '../db/types.ts';
import { apiRoles } from '../http/caller.ts';
import { endedSessionMessage, tokenIsLive } from '../http/live-token.ts';
import type { Identity } from './membership.ts';

export class RealtimeAuthError extends Error {}

/**
 * Verifies a token as the API gateway does: ours, unexpired, with an API role, and still live
 * (its session not ended by sign-out or suspension; the check REST and storage make too).
 */
export async function identify(
  deps: { keys: Keys; db: Queryable },
  token: string | undefined,
): Promise<Identity> {
  if (!token) throw new RealtimeAuthError('No API key found in request');
  let identity: Identity;
  try {
    const claims = await deps.keys.verify(token);
    const role = claims.role ?? 'anon';
    if (!apiRoles.has(role)) throw new RealtimeAuthError(`JWT role "${role}" is not allowed`);
    identity = { role, claims, token };
  } catch (error) {
    if (error instanceof RealtimeAuthError) throw error;
    const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw new RealtimeAuthError(
      expired ? 'Token has expired' : 'Invalid JWT: the token could not be verified',
    );
  }
  if (!(await tokenIsLive(deps.db, identity.claims)))
    throw new RealtimeAuthError(endedSessionMessage);
  return identity;
}

/** Inside a transaction: act as the identity (role + request.jwt.claims), as PostgREST does. */
export async function actAs(tx: Transaction, identity: Identity, topic?: string) {
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
       set_config('realtime.topic', $3, true)`,
    [identity.role, JSON.stringify(identity.claims), topic ?? ''],
  );
}

class Denied extends Error {}

/**
 * Private channels, as hosted Supabase authorises them: a probe row in realtime.messages is
 * written as the server, then read back as the user (SELECT policy = may join and receive);
 * sending needs the INSERT policy. Both in a transaction that is always rolled back.
 */
export async function mayRead(db: Db, identity: Identity, topic: string): Promise<boolean> {
  return probe(db, async (tx) => {
    await tx.query(
      `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true)`,
      [topic],
    );
    await actAs(tx, identity, topic);
    const seen = await tx.query('select 1 from realtime.messages where topic = $1 limit 1', [
      topic,
    ]);
    return seen.rows.length > 0;
  });
}

export async function mayWrite(db: Db, identity: Identity, topic: string): Promise<boolean> {
  return probe(db, async (tx) => {
    await actAs(tx, identity, topic);
    await tx.query(
      `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true)`,
      [topic],
    );
    return true;
  });
}

async function probe(db: Db, check: (tx: Transaction) => Promise<boolean>): Promise<boolean> {
  let allowed = false;
  try {
    await db.transaction(async (tx) => {
      allowed = await check(tx);
      throw new Denied('rollback');
    });
  } catch (error) {
    if (!(error instanceof Denied)) allowed = false;
  }
  return allowed;
}
