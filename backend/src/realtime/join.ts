import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types.ts';
import type { Keys } from '../config/keys.ts';
import { identify, mayRead, RealtimeAuthError } from './authorize.ts';
import { parseFilter } from './filters.ts';
import { subTopic, type ChangeBinding, type Membership, type Outlet } from './membership.ts';
import type { Frame } from './protocol.ts';

let nextBindingId = 1000;

type Config = {
  broadcast?: { self?: boolean; ack?: boolean };
  presence?: { key?: string; enabled?: boolean };
  postgres_changes?: Record<string, unknown>[];
  private?: boolean;
};

export interface JoinResult {
  member: Membership;
  /** The postgres_changes list for the reply: the client's entries in order, each with an id. */
  changes: Record<string, unknown>[];
}

function bindingsOf(entries: Record<string, unknown>[]) {
  const bindings: ChangeBinding[] = [];
  const changes = entries.map((entry) => {
    const id = nextBindingId++;
    const filter = typeof entry.filter === 'string' ? entry.filter : undefined;
    bindings.push({
      id,
      event: typeof entry.event === 'string' ? entry.event : '*',
      schema: typeof entry.schema === 'string' ? entry.schema : 'public',
      table: typeof entry.table === 'string' ? entry.table : undefined,
      filter: parseFilter(filter),
    });
    return { ...entry, id };
  });
  return { bindings, changes };
}

/**
 * Checks a phx_join and builds the membership: a valid token (the join's access_token, else the
 * socket's apikey), valid filters, and for a private channel the SELECT policy on
 * realtime.messages. Throws RealtimeAuthError with the reason the error reply carries.
 */
export async function join(
  deps: { db: Db; keys: Keys },
  outlet: Outlet,
  frame: Frame,
  socketToken: string | undefined,
): Promise<JoinResult> {
  const config = (frame.payload.config ?? {}) as Config;
  const token =
    typeof frame.payload.access_token === 'string' ? frame.payload.access_token : socketToken;
  const identity = await identify(deps, token);
  let parsed: ReturnType<typeof bindingsOf>;
  try {
    parsed = bindingsOf(Array.isArray(config.postgres_changes) ? config.postgres_changes : []);
  } catch (error) {
    throw new RealtimeAuthError((error as Error).message);
  }
  const isPrivate = config.private === true;
  if (isPrivate && !(await mayRead(deps.db, identity, subTopic(frame.topic)))) {
    throw new RealtimeAuthError(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic(frame.topic)}`,
    );
  }
  const member: Membership = {
    id: randomUUID(),
    outlet,
    topic: frame.topic,
    joinRef: frame.joinRef,
    identity,
    broadcastSelf: config.broadcast?.self === true,
    broadcastAck: config.broadcast?.ack === true,
    presenceKey: config.presence?.key || randomUUID(),
    presenceEnabled: config.presence?.enabled !== false,
    isPrivate,
    bindings: parsed.bindings,
    canWrite: isPrivate ? undefined : true,
    expiryTimer: undefined,
  };
  return { member, changes: parsed.changes };
}
