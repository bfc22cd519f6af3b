import type { Db } from '../db/types.ts';
import { matchesFilter } from './filters.ts';
import type { Hub } from './hub.ts';
import type { ChangeBinding, Membership } from './membership.ts';
import { ColumnCache } from './columns.ts';
import { visibleRecords } from './visibility.ts';
import { push } from './protocol.ts';

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

function bindingMatches(binding: ChangeBinding, notice: ChangeNotice): boolean {
  if (binding.schema !== '*' && binding.schema !== notice.schema) return false;
  if (binding.table && binding.table !== '*' && binding.table !== notice.table) return false;
  if (binding.event !== '*' && binding.event.toUpperCase() !== notice.type) return false;
  if (!binding.filter) return true;
  const record = notice.type === 'DELETE' ? (notice.old_pk ?? notice.pk) : notice.record;
  // A re-read (large) row is filtered by its key only until it is read back, then again below.
  return matchesFilter(binding.filter, record ?? notice.pk);
}

function targetsOf(hub: Hub, notice: ChangeNotice): Target[] {
  const targets: Target[] = [];
  for (const member of hub.all()) {
    const ids = member.bindings.filter((b) => bindingMatches(b, notice)).map((b) => b.id);
    if (ids.length > 0) targets.push({ member, ids });
  }
  return targets;
}

/**
 * Listens for row changes and fans each out, in commit order, to every member whose bindings
 * match and who may SELECT the row as themselves. Sending never waits for a client.
 */
export async function startChangeFanout(db: Db, hub: Hub): Promise<() => Promise<void>> {
  const columns = new ColumnCache(db);
  let queue = Promise.resolve();
  const fanOut = async (notice: ChangeNotice) => {
    const targets = targetsOf(hub, notice);
    if (targets.length === 0) return;
    const data = {
      schema: notice.schema,
      table: notice.table,
      commit_timestamp: notice.commit_timestamp,
      type: notice.type,
      columns: await columns.get(notice.schema, notice.table),
      errors: null,
    };
    if (notice.type === 'DELETE') {
      // The row is gone, so RLS cannot be asked; like hosted Supabase only the old key is sent.
      const payload = { ...data, old_record: notice.old_pk ?? notice.pk };
      for (const { member, ids } of targets)
        member.outlet.send(push(member.topic, 'postgres_changes', { ids, data: payload }));
      return;
    }
    for (const { target, record } of await visibleRecords(db, notice, targets)) {
      const { member, ids } = target;
      const payload: Record<string, unknown> = { ...data, record };
      if (notice.type === 'UPDATE') payload.old_record = notice.old_pk ?? notice.pk;
      member.outlet.send(push(member.topic, 'postgres_changes', { ids, data: payload }));
    }
  };
  const unlisten = await db.listen('realtime_changes', (text) => {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(text) as ChangeNotice;
    } catch {
      return console.error('[realtime] unreadable change notice');
    }
    queue = queue
      .then(() => fanOut(notice))
      .catch((error: unknown) => console.error('[realtime] change fan-out failed:', error));
  });
  return unlisten;
}
