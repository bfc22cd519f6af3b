import { PgrstError, tableNotFound } from './errors.ts';
import type { Plan } from './execute.ts';
import type { OutputFormat } from './parse/media.ts';
import type { Preferences } from './parse/prefer.ts';
import { operators } from './parse/filters.ts';
import { parseQuery, type QueryParts } from './parse/query.ts';
import { applyRangeHeader, type RowRange } from './parse/range.ts';
import { parseSelect, type SelectItem } from './parse/select.ts';
import { tableKey, type SchemaCache, type Table } from './schema-cache.ts';
import { ident, qualified, SqlContext } from './sql/context.ts';
import { levelWhere } from './sql/read.ts';
import { deleteSql, insertSql, updateSql } from './sql/mutate.ts';
import { callSql, findFunction, scalarCallSql } from './sql/rpc.ts';
import { buildRead } from './sql/statement.ts';
import type { RawBody } from './respond.ts';

export interface PlanInput {
  cache: SchemaCache;
  schema: string;
  method: string;
  /** Table name, or function name when `rpc` is set. */
  name: string;
  rpc: boolean;
  query: URLSearchParams;
  body: unknown;
  prefs: Preferences;
  singular: boolean;
  format: OutputFormat;
  /** An rpc body that is not JSON (text/plain, text/xml, application/octet-stream). */
  rawBody?: RawBody;
  /** db-aggregates-enabled; false refuses `col.sum()` and the like with PGRST123. */
  aggregatesEnabled?: boolean;
  /** The `Range` request header of a GET or HEAD, narrowing the top level's limit and offset. */
  range?: RowRange;
  /** The PostgREST major version whose behaviour is declared (PGRST_VERSION); 13 when unset. */
  postgrestVersion?: 12 | 13;
}

export interface PlannedRequest {
  plan: Plan;
  /** Offset of the first row, for Content-Range. */
  start: number;
  /** What the statement does: a read, a mutation (with or without rows back), or an rpc. */
  kind: 'read' | 'mutation' | 'rpc';
  returnsBody: boolean;
  /** An rpc to a function returning void: PostgREST answers 204 without a body. */
  returnsVoid?: boolean;
  /** For an insert, which of `plan.params` is the body's JSON (see handler.ts, insert plans). */
  bodyIndex?: number;
}

function basePlan(
  input: PlanInput,
  ctx: SqlContext,
  sql: string | undefined,
  readOnly: boolean,
): Plan {
  return {
    sql,
    params: ctx.params,
    readOnly,
    bare: false,
    singular: input.singular,
    countRequested: input.prefs.count !== undefined,
    rollback: input.prefs.rollback,
    maxAffected: input.prefs.strict ? input.prefs.maxAffected : undefined,
  };
}

function planRpc(input: PlanInput): PlannedRequest {
  const ctx = new SqlContext(input.cache, input.postgrestVersion);
  const isRead = input.method === 'GET' || input.method === 'HEAD';
  let args: Record<string, unknown> | unknown = input.body ?? {};
  if (isRead) args = Object.fromEntries([...input.query].filter(([k, v]) => isRpcArgument(k, v)));
  const raw = input.rawBody;
  const keys =
    !raw && args && typeof args === 'object' && !Array.isArray(args) ? Object.keys(args) : [];
  const fn = findFunction(input.cache, input.schema, input.name, {
    keys,
    post: input.method === 'POST',
    raw: raw?.type,
  });
  const parts = parseQuery(input.query, isRead ? new Set(keys) : new Set());
  applyRangeHeader(parts, input.range);
  const call = callSql(ctx, fn, args, raw?.value);
  const readOnly = isRead || fn.volatility !== 'v';
  const start = parts.offset.get('') ?? 0;
  if (!fn.returnTable)
    return {
      plan: basePlan(
        input,
        ctx,
        scalarCallSql(fn, call, input.prefs.count !== undefined),
        readOnly,
      ),
      start,
      kind: 'rpc',
      returnsBody: true,
      returnsVoid: fn.returnsVoid,
    };
  const singular = input.singular || !fn.returnsSet;
  const sql = buildRead(ctx, parts, fn.returnTable, {
    count: input.prefs.count !== undefined,
    singular,
    from: call,
    format: input.format,
  });
  return {
    plan: { ...basePlan(input, ctx, sql, readOnly), singular: input.singular },
    start,
    kind: 'rpc',
    returnsBody: true,
  };
}

function usesAggregates(items: SelectItem[]): boolean {
  return items.some((item) =>
    item.kind === 'column'
      ? item.aggregate !== undefined
      : item.kind === 'embed' && usesAggregates(item.children),
  );
}

const reservedKeys = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset']);

/**
 * On GET /rpc/fn a query parameter is an argument unless it is reserved or reads as a filter
 * (`col=op.value`), as PostgREST splits them.
 */
function isRpcArgument(key: string, value: string): boolean {
  if (reservedKeys.has(key) || key.includes('.') || key === 'and' || key === 'or') return false;
  const op = /^(?:not\.)?([a-z]+)(?:\([^)]*\))?\./.exec(value);
  return !(op && operators.has(op[1]));
}

function planTable(input: PlanInput): PlannedRequest {
  const table = input.cache.tables.get(tableKey(input.schema, input.name));
  if (!table) throw tableNotFound(input.schema, input.name);
  const ctx = new SqlContext(input.cache, input.postgrestVersion);
  const parts = parseQuery(input.query);
  const count = input.prefs.count !== undefined;
  if (input.method === 'GET' || input.method === 'HEAD') {
    applyRangeHeader(parts, input.range);
    const sql = buildRead(ctx, parts, table, {
      // count=planned asks the planner instead of counting (estimateFor).
      count: count && input.prefs.count !== 'planned',
      singular: input.singular,
      format: input.format,
    });
    return {
      plan: { ...basePlan(input, ctx, sql, true), estimate: estimateFor(input, parts, table) },
      start: parts.offset.get('') ?? 0,
      kind: 'read',
      returnsBody: true,
    };
  }
  let mutation: string | undefined;
  if (input.method === 'POST') {
    ignoreUnusableResolution(input.prefs, table, parts);
    mutation = insertSql(ctx, parts, table, input.body, input.prefs);
  } else if (input.method === 'PATCH') mutation = updateSql(ctx, parts, table, input.body);
  else if (input.method === 'DELETE') mutation = deleteSql(ctx, parts, table);
  else throw new PgrstError(405, 'PGRST117', `Unsupported HTTP method: ${input.method}`);
  const representation = input.prefs.return === 'representation';
  const bodyIndex = input.method === 'POST' ? ctx.bodyIndex : undefined;
  if (!representation || mutation === undefined) {
    return {
      plan: { ...basePlan(input, ctx, mutation, false), bare: true },
      start: 0,
      kind: 'mutation',
      returnsBody: false,
      bodyIndex,
    };
  }
  const merge = input.method === 'POST' && input.prefs.resolution === 'merge-duplicates';
  const sql = buildRead(ctx, parts, table, {
    count,
    singular: input.singular,
    format: input.format,
    from: 'pgrst_mut',
    ctes: merge ? mergeCtes(table, mutation) : [`pgrst_mut as (${mutation} returning "t0".*)`],
    filtered: true,
    extraOutputs: merge
      ? `, (select count(*) from pgrst_raw where _pgrst_inserted)::int8 as inserted`
      : undefined,
  });
  return {
    plan: basePlan(input, ctx, sql, false),
    start: 0,
    kind: 'mutation',
    returnsBody: true,
    bodyIndex,
  };
}

/**
 * count=planned|estimated on a read: the filtered rows as the planner estimates them. Built in
 * its own SqlContext, so the EXPLAIN statement carries only the parameters its filters use.
 */
function estimateFor(input: PlanInput, parts: QueryParts, table: Table): Plan['estimate'] {
  const mode = input.prefs.count;
  if (mode !== 'planned' && mode !== 'estimated') return undefined;
  const ctx = new SqlContext(input.cache, input.postgrestVersion);
  const where = levelWhere(ctx, parts, { table, alias: 't0', path: '', select: parts.select });
  const sql = `select 1 from ${qualified(table)} as "t0"${where.length > 0 ? ` where ${where.join(' and ')}` : ''}`;
  return { sql, params: ctx.params, mode };
}

/** PostgREST ignores resolution=… on a table with neither a primary key nor on_conflict. */
function ignoreUnusableResolution(prefs: Preferences, table: Table, parts: QueryParts) {
  if (!prefs.resolution || parts.onConflict || table.primaryKey.length > 0) return;
  prefs.resolution = undefined;
  prefs.applied = prefs.applied.filter((token) => !token.startsWith('resolution='));
}

/**
 * An upsert that merges also reports how many rows it inserted (a new row has xmax 0), so a
 * request that only updated existing rows answers 200 instead of 201.
 */
function mergeCtes(table: Table, mutation: string): string[] {
  const columns = [...table.columns.keys()].map(ident).join(', ');
  return [
    `pgrst_raw as (${mutation} returning "t0".*, "t0".xmax = '0'::xid as _pgrst_inserted)`,
    `pgrst_mut as (select ${columns} from pgrst_raw)`,
  ];
}

/** Turns a parsed request into one parameterised statement; every name is checked against the cache. */
export function planRequest(input: PlanInput): PlannedRequest {
  if (input.aggregatesEnabled === false && usesAggregates(parseSelect(input.query.get('select'))))
    throw new PgrstError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  return input.rpc ? planRpc(input) : planTable(input);
}
