import type { Db } from '../db/types.ts';
import { matchesFilter } from './filters.ts';
import type { Hub } from './hub.ts';
import type { ChangeBinding, Membership } from './membership.ts';
import { ColumnCache } from './columns.ts';
import { visibleRecordsMany } from './visibility.ts';
import { push, type Frame } from './protocol.ts';

/** What realtime.notify_change() sends (backend/sql/bootstrap/030_realtime.sql). */
export interface ChangeNotice {
  seq: number;
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  pk: Record<string, unknown>;
  old_pk: Record<string, unknown> | null;
  record?: Record<string, unknown> | null;
  truncated?: boolean;
}

export interface Target {
  member: Membership;
  ids: number[];
}

function changedRecord(notice: ChangeNotice) {
  const record = notice.type === 'DELETE' ? (notice.old_pk ?? notice.pk) : notice.record;
  return record ?? notice.pk;
}

function bindingMatches(binding: ChangeBinding, notice: ChangeNotice): boolean {
  if (binding.schema !== '*' && binding.schema !== notice.schema) return false;
  if (binding.table && binding.table !== '*' && binding.table !== notice.table) return false;
  if (binding.event !== '*' && binding.event.toUpperCase() !== notice.type) return false;
  if (!binding.filter) return true;
  // A re-read (large) row is filtered by its key only until it is read back, then again below.
  return matchesFilter(binding.filter, changedRecord(notice));
}

function targetsOf(hub: Hub, notice: ChangeNotice): Target[] {
  const targets: Target[] = [];
  for (const member of hub.changes.candidates(notice.schema, notice.table, changedRecord(notice))) {
    const ids = member.bindings.filter((b) => bindingMatches(b, notice)).map((b) => b.id);
    if (ids.length > 0) targets.push({ member, ids });
  }
  return targets;
}

/** At most this many batches of changes are being checked against RLS at once. */
export const BATCHES_IN_FLIGHT = 2;
/** The most changes checked in one round trip. */
export const BATCH_LIMIT = 200;

/**
 * The frames one change sends, each to its member. Members of one topic whose bindings matched
 * alike (a user's tabs, or everyone watching one table on one channel) get the same frame: `key`
 * names it, so it is encoded once for all of them.
 */
type Delivery = { member: Membership; frame: ReturnType<typeof push>; key: string }[];

// A row read back for one identity is not assumed to be the row another was shown.
const recordIds = new WeakMap<object, number>();
let nextRecordId = 0;
function frameKey(member: Membership, ids: number[], record?: object) {
  let recordId = record ? recordIds.get(record) : 0;
  if (recordId === undefined) recordIds.set(record as object, (recordId = nextRecordId += 1));
  return `${member.topic}\u0000${ids.join(',')}\u0000${recordId}`;
}

function send(delivery: Delivery) {
  const shared = new Map<string, { frame: Frame; cache: Map<string, Buffer>; count: number }>();
  for (const { frame, key } of delivery) {
    const entry = shared.get(key);
    if (entry) entry.count += 1;
    else shared.set(key, { frame, cache: new Map(), count: 1 });
  }
  for (const { member, key } of delivery) {
    const entry = shared.get(key) as { frame: Frame; cache: Map<string, Buffer>; count: number };
    if (entry.count === 1) member.outlet.send(entry.frame);
    else member.outlet.sendShared(entry.frame, entry.cache);
  }
}

type Pending = { notice: ChangeNotice; targets: Target[] };

/**
 * Listens for row changes and fans each out, in commit order, to every member whose bindings
 * match and who may SELECT the row as themselves. Sending never waits for a client.
 *
 * The RLS check is a database round trip. One change after another, an instance delivered at
 * most one change per round trip, and under a steady stream (a thousand conversations with a
 * message a second, bench/realtime-cluster.ts) its backlog grew by the second. So the changes
 * that arrive while a check is under way wait and are then checked together, in one round trip
 * (at most BATCH_LIMIT, BATCHES_IN_FLIGHT batches at once); a quiet instance still checks each
 * change the moment it arrives. Frames go out in the order the changes were committed.
 */
export async function startChangeFanout(db: Db, hub: Hub): Promise<() => Promise<void>> {
  // The checks have connections of their own: when an instance is killed, its clients rejoin the
  // survivor all at once (a private channel's join is a transaction of five statements) and
  // re-read their threads, and changes checked through the shared pool waited behind all of it
  // (bench/realtime-cluster.ts: p99 766 ms on the survivor after a kill).
  const checks = db.reserved?.(BATCHES_IN_FLIGHT) ?? db;
  const columns = new ColumnCache(checks);
  let sending = Promise.resolve();
  let checking = 0;
  let pending: Pending[] = [];

  const deliveries = async (batch: Pending[]): Promise<Delivery[]> => {
    const datas = await Promise.all(
      batch.map(async ({ notice }) => ({
        schema: notice.schema,
        table: notice.table,
        commit_timestamp: notice.commit_timestamp,
        type: notice.type,
        columns: await columns.get(notice.schema, notice.table),
        errors: null,
      })),
    );
    // The row of a DELETE is gone, so RLS cannot be asked; like hosted Supabase only the old
    // key is sent.
    const toCheck = batch.filter(({ notice }) => notice.type !== 'DELETE');
    const visible = toCheck.length > 0 ? await visibleRecordsMany(checks, toCheck) : [];
    let next = 0;
    return batch.map(({ notice, targets }, i) => {
      const data = datas[i] as (typeof datas)[number];
      if (notice.type === 'DELETE') {
        const payload = { ...data, old_record: notice.old_pk ?? notice.pk };
        return targets.map(({ member, ids }) => ({
          member,
          frame: push(member.topic, 'postgres_changes', { ids, data: payload }),
          key: frameKey(member, ids),
        }));
      }
      return (visible[next++] ?? []).map(({ target, record }) => {
        const { member, ids } = target;
        const payload: Record<string, unknown> = { ...data, record };
        if (notice.type === 'UPDATE') payload.old_record = notice.old_pk ?? notice.pk;
        return {
          member,
          frame: push(member.topic, 'postgres_changes', { ids, data: payload }),
          key: frameKey(member, ids, record),
        };
      });
    });
  };

  const pump = () => {
    while (checking < BATCHES_IN_FLIGHT && pending.length > 0) {
      const batch = pending.slice(0, BATCH_LIMIT);
      pending = pending.slice(BATCH_LIMIT);
      checking += 1;
      const checked = deliveries(batch).finally(() => {
        checking -= 1;
        pump();
      });
      // Handled below, in order; this only keeps a failure from being reported as unhandled first.
      checked.catch(() => undefined);
      sending = sending
        .then(async () => {
          for (const delivery of await checked) send(delivery);
        })
        .catch((error: unknown) => console.error('[realtime] change fan-out failed:', error));
    }
  };

  const unlisten = await db.listen('realtime_changes', (text) => {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(text) as ChangeNotice;
    } catch {
      return console.error('[realtime] unreadable change notice');
    }
    // The members subscribed when the change arrives.
    const targets = targetsOf(hub, notice);
    if (targets.length === 0) return;
    pending.push({ notice, targets });
    pump();
  });
  return unlisten;
}
