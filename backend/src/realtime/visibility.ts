import type { Queryable } from '../db/types.ts';
import type { ChangeNotice, Target } from './changes.ts';
import { matchesFilter } from './filters.ts';

type Row = Record<string, unknown>;

export interface Visible {
  target: Target;
  record: Row;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

// Subscribers with the same role and claims see the same rows: one check per identity.
function byIdentity(targets: Target[]): Target[][] {
  const groups = new Map<string, Target[]>();
  for (const target of targets) {
    const { role, claims } = target.member.identity;
    const key = `${role}:${JSON.stringify(claims)}`;
    groups.set(key, [...(groups.get(key) ?? []), target]);
  }
  return [...groups.values()];
}

// realtime.visible_rows (backend/sql/bootstrap/031_realtime_visibility.sql) reads the row by
// its key once per identity, as that identity: one round trip for every subscriber together.
const visibleRowsSql = `select idx, row_data from realtime.visible_rows($1::regclass, $2::jsonb, $3::jsonb)`;

/** What the check of one change needs: its subscribers grouped by identity, as SQL arguments. */
function prepare(notice: ChangeNotice, targets: Target[]) {
  const groups = byIdentity(targets);
  const identities = groups.map((group) => {
    const { role, claims } = (group[0] as Target).member.identity;
    return { role, claims: JSON.stringify(claims) };
  });
  const relation = `${quoteIdent(notice.schema)}.${quoteIdent(notice.table)}`;
  return { groups, identities, relation };
}

/** The visible rows the check returned, as targets with the record each is sent. */
function collect(
  notice: ChangeNotice,
  groups: Target[][],
  rows: { idx: number; row_data: Row }[],
): Visible[] {
  const visible: Visible[] = [];
  for (const { idx, row_data: row } of rows) {
    const record = notice.record ?? row;
    for (const target of groups[idx] ?? []) {
      const bindings = target.member.bindings.filter((b) => target.ids.includes(b.id));
      const ids = bindings
        .filter((b) => !b.filter || matchesFilter(b.filter, record))
        .map((b) => b.id);
      if (ids.length > 0) visible.push({ target: { ...target, ids }, record });
    }
  }
  return visible;
}

/**
 * The targets allowed to see the changed row, each with the record to send: the notice's own,
 * or the row read back when the notice was too large for NOTIFY. Bindings whose filter the
 * re-read row fails are dropped.
 */
export async function visibleRecords(
  db: Queryable,
  notice: ChangeNotice,
  targets: Target[],
): Promise<Visible[]> {
  const { groups, identities, relation } = prepare(notice, targets);
  const check = async (list: typeof identities, offset: number) => {
    const result = await db.query<{ idx: number; row_data: Row }>(visibleRowsSql, [
      relation,
      JSON.stringify(notice.pk),
      JSON.stringify(list),
    ]);
    return result.rows.map((row) => ({ ...row, idx: row.idx + offset }));
  };
  let rows: { idx: number; row_data: Row }[];
  try {
    rows = await check(identities, 0);
  } catch {
    // A policy that raises for one identity must not hide the change from the others.
    const each = identities.map((identity, i) => check([identity], i).catch(() => []));
    rows = (await Promise.all(each)).flat();
  }
  return collect(notice, groups, rows);
}

// The same check for several changes in one round trip: realtime.visible_rows once per change.
const visibleRowsManySql = `select (c.n - 1)::int as n, v.idx, v.row_data
  from jsonb_array_elements($1::jsonb) with ordinality as c(change, n),
  lateral realtime.visible_rows((c.change ->> 'relation')::regclass, c.change -> 'pk', c.change -> 'identities') v`;

/**
 * visibleRecords for several changes (none a DELETE) in one database round trip, so an instance
 * under a steady stream of changes checks them in batches instead of one by one. If the batch
 * fails (a policy that raises), each change is checked on its own as visibleRecords does.
 */
export async function visibleRecordsMany(
  db: Queryable,
  changes: { notice: ChangeNotice; targets: Target[] }[],
): Promise<Visible[][]> {
  if (changes.length === 1) {
    const [only] = changes as [{ notice: ChangeNotice; targets: Target[] }];
    return [await visibleRecords(db, only.notice, only.targets)];
  }
  const prepared = changes.map(({ notice, targets }) => prepare(notice, targets));
  let result: { rows: { n: number; idx: number; row_data: Row }[] };
  try {
    result = await db.query<{ n: number; idx: number; row_data: Row }>(visibleRowsManySql, [
      JSON.stringify(
        changes.map(({ notice }, i) => ({
          relation: prepared[i]!.relation,
          pk: notice.pk,
          identities: prepared[i]!.identities,
        })),
      ),
    ]);
  } catch {
    return Promise.all(changes.map(({ notice, targets }) => visibleRecords(db, notice, targets)));
  }
  const rowsOf = changes.map((): { idx: number; row_data: Row }[] => []);
  for (const row of result.rows) rowsOf[row.n]?.push(row);
  return changes.map(({ notice }, i) => collect(notice, prepared[i]!.groups, rowsOf[i]!));
}
