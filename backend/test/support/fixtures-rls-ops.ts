/**
 * One attempt per (case, actor): the actor acts through supabase-js; the service role then
 * checks what really happened in the database and puts the world back as it was, so every
 * attempt starts from the same fixture rows and no attempt depends on another.
 */
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import type { MatrixContext } from './fixtures-rls-world.ts';
import { must } from './fixtures-rls-world.ts';
import type {
  Actor,
  InsertCase,
  MutateCase,
  Row,
  SelectCase,
  TableSpec,
  UpdateCase,
} from './fixtures-rls-types.ts';

/** Columns a restore must not write back: kept by triggers from other columns. */
const derived = new Set(['search_vector', 'search_text', 'updated_at']);

const pick = (row: Row, columns: readonly string[]): Row =>
  Object.fromEntries(columns.map((c) => [c, row[c]]));

/** Compares database values loosely: timestamps by instant, numerics by value, json by content. */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown => {
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d/.test(v)) return new Date(v).getTime();
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return JSON.stringify(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)));
    }
    return JSON.stringify(v);
  };
  return norm(a) === norm(b);
}

/** A 5xx means the server broke, not that RLS said no: never count it as a denial. */
function assertNoServerError(status: number, error: PostgrestError | null, what: string) {
  if (status >= 500) throw new Error(`${what}: server error ${status} ${error?.message ?? ''}`);
}

async function fetchRow(service: SupabaseClient, table: string, key: Row): Promise<Row | null> {
  const rows = must(await service.from(table).select('*').match(key), `read ${table}`) as Row[];
  return rows[0] ?? null;
}

async function remove(service: SupabaseClient, table: string, key: Row) {
  must(await service.from(table).delete().match(key), `clean ${table}`);
}

/** Puts a snapshot back, whether the attempt changed it or deleted it. */
async function restore(service: SupabaseClient, table: string, key: Row, snapshot: Row) {
  const values = Object.fromEntries(Object.entries(snapshot).filter(([c]) => !derived.has(c)));
  if (await fetchRow(service, table, key)) {
    must(await service.from(table).update(values).match(key), `restore ${table}`);
  } else {
    must(await service.from(table).insert(values), `re-insert ${table}`);
  }
}

export async function canSelect(ctx: MatrixContext, spec: TableSpec, c: SelectCase, actor: Actor) {
  const res = await ctx.as[actor]
    .from(spec.table)
    .select(spec.key.join(','))
    .match(c.key(ctx.world));
  assertNoServerError(res.status, res.error, `select ${spec.table}`);
  return (res.data ?? []).length === 1;
}

export async function canInsert(ctx: MatrixContext, spec: TableSpec, c: InsertCase, actor: Actor) {
  const { service, world } = ctx;
  const row = c.row(world, actor);
  const key = pick(row, spec.key);
  if (Object.values(key).some((v) => v === null || v === undefined)) {
    // e.g. anon's own user_id: no row can land without a key, so only the answer counts.
    const res = await ctx.as[actor].from(spec.table).insert(row);
    assertNoServerError(res.status, res.error, `insert ${spec.table}`);
    return !res.error;
  }
  const stashKeys = [key, ...(c.stash ? [c.stash(world)] : [])];
  const stashed: [Row, Row][] = [];
  for (const k of stashKeys) {
    const existing = await fetchRow(service, spec.table, k);
    if (existing) {
      stashed.push([k, existing]);
      await remove(service, spec.table, k);
    }
  }
  let landed = false;
  try {
    const res = await ctx.as[actor].from(spec.table).insert(row);
    assertNoServerError(res.status, res.error, `insert ${spec.table}`);
    landed = (await fetchRow(service, spec.table, key)) !== null;
    return landed && !res.error;
  } finally {
    if (landed) await remove(service, spec.table, key);
    for (const [k, snapshot] of stashed) await restore(service, spec.table, k, snapshot);
  }
}

/** Makes sure the target exists; returns its current values and whether we created it. */
async function prepareTarget(ctx: MatrixContext, spec: TableSpec, c: MutateCase) {
  const target = c.row(ctx.world);
  const key = pick(target, spec.key);
  const existing = await fetchRow(ctx.service, spec.table, key);
  if (existing) return { key, snapshot: existing, created: false };
  must(await ctx.service.from(spec.table).insert(target), `prepare ${spec.table}`);
  const snapshot = await fetchRow(ctx.service, spec.table, key);
  if (!snapshot) throw new Error(`prepare ${spec.table}: target not found after insert`);
  return { key, snapshot, created: true };
}

/** Removes a disposable target, or restores a fixture target the attempt changed. */
async function settle(
  ctx: MatrixContext,
  spec: TableSpec,
  t: Awaited<ReturnType<typeof prepareTarget>>,
  changed: boolean,
) {
  if (t.created) await remove(ctx.service, spec.table, t.key);
  else if (changed) await restore(ctx.service, spec.table, t.key, t.snapshot);
}

export async function canUpdate(ctx: MatrixContext, spec: TableSpec, c: UpdateCase, actor: Actor) {
  const target = await prepareTarget(ctx, spec, c);
  let changed = true; // until proven otherwise, so a failed check still restores
  try {
    const patch = c.patch(ctx.world);
    for (const [column, value] of Object.entries(patch)) {
      if (same(target.snapshot[column], value)) {
        throw new Error(`bad case ${spec.table}/${c.label}: ${column} already equals the patch`);
      }
    }
    const res = await ctx.as[actor].from(spec.table).update(patch).match(target.key);
    assertNoServerError(res.status, res.error, `update ${spec.table}`);
    const after = await fetchRow(ctx.service, spec.table, target.key);
    changed = after === null || Object.keys(patch).some((k) => !same(after[k], target.snapshot[k]));
    return (
      after !== null && Object.entries(patch).every(([column, value]) => same(after[column], value))
    );
  } finally {
    await settle(ctx, spec, target, changed);
  }
}

export async function canDelete(ctx: MatrixContext, spec: TableSpec, c: MutateCase, actor: Actor) {
  const target = await prepareTarget(ctx, spec, c);
  let gone = true;
  try {
    const res = await ctx.as[actor].from(spec.table).delete().match(target.key);
    assertNoServerError(res.status, res.error, `delete ${spec.table}`);
    gone = (await fetchRow(ctx.service, spec.table, target.key)) === null;
    return gone;
  } finally {
    await settle(ctx, spec, target, gone);
  }
}
