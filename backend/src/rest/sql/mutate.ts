import { PgrstError, payloadColumnNotFound } from '../errors.ts';
import type { QueryParts } from '../parse/query.ts';
import type { Preferences } from '../parse/prefer.ts';
import type { Table } from '../schema-cache.ts';
import { ident, qualified, type SqlContext } from './context.ts';
import { levelWhere } from './read.ts';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function invalidBody(message: string): PgrstError {
  return new PgrstError(400, 'PGRST102', message);
}

/** The rows of an insert body (one object or an array of objects), or undefined for anything else. */
export function insertRows(body: unknown): JsonObject[] | undefined {
  if (isObject(body)) return [body];
  if (Array.isArray(body) && body.every(isObject)) return body;
  return undefined;
}

/** The rows of an insert body: one object or an array of objects. */
export function payloadRows(body: unknown): JsonObject[] {
  const rows = insertRows(body);
  if (!rows) throw invalidBody('All object keys must match');
  return rows;
}

/** The columns an insert names, in the order the rows first name them. */
export const bodyColumns = (rows: JsonObject[]): string[] =>
  rows.length === 1 ? Object.keys(rows[0]) : [...new Set(rows.flatMap((row) => Object.keys(row)))];

function checkColumns(table: Table, columns: string[]): string[] {
  for (const column of columns)
    if (!table.columns.has(column)) throw payloadColumnNotFound(column, table.name);
  return columns;
}

/** INSERT (and upsert) from a JSON parameter, rows in body order. Returns SQL without RETURNING. */
export function insertSql(
  ctx: SqlContext,
  parts: QueryParts,
  table: Table,
  body: unknown,
  prefs: Preferences,
): string {
  const rows = payloadRows(body);
  const columns = checkColumns(table, parts.columns ?? bodyColumns(rows));
  const payload = ctx.bodyParam(JSON.stringify(rows));
  const target = `${qualified(table)} as "t0"`;
  const base = prefs.missingDefault ? defaultsRow(table, columns) : `null::${qualified(table)}`;
  const source = `from json_array_elements(cast(${payload}::text as json)) with ordinality as _pgrst_e(v, i),
    lateral json_populate_record(${base}, _pgrst_e.v) as _pgrst_r`;
  const values = columns.map((name) => `_pgrst_r.${ident(name)}`);
  // No columns (`{}`): every column takes its default.
  const list = columns.length > 0 ? ` (${columns.map(ident).join(', ')})` : '';
  let sql = `insert into ${target}${list} select ${values.join(', ')} ${source} order by _pgrst_e.i`;
  if (prefs.resolution) sql += conflictClause(table, parts, columns, prefs);
  return sql;
}

/**
 * Prefer: missing=default, as PostgREST builds it: each row is read over a record of the inserted
 * columns' defaults, so a key the row lacks takes the default. Like PostgREST, the defaults are
 * evaluated for every row, also where the row gives the value (a sequence advances per row).
 */
function defaultsRow(table: Table, columns: string[]): string {
  const inserted = new Set(columns);
  const fields = [...table.columns].map(([name, column]) =>
    inserted.has(name) && column.defaultExpr !== undefined && !column.generated
      ? column.defaultExpr
      : 'null',
  );
  return `row(${fields.join(', ')})::${qualified(table)}`;
}

function conflictClause(
  table: Table,
  parts: QueryParts,
  columns: string[],
  prefs: Preferences,
): string {
  const keys = checkColumns(table, parts.onConflict ?? table.primaryKey);
  if (keys.length === 0)
    throw new PgrstError(400, 'PGRST100', 'on_conflict is required: the table has no primary key');
  const target = ` on conflict (${keys.map(ident).join(', ')})`;
  if (prefs.resolution === 'ignore-duplicates' || columns.length === 0)
    return `${target} do nothing`;
  return `${target} do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
}

/** UPDATE of the filtered rows from a JSON object; undefined when the body sets no column. */
export function updateSql(
  ctx: SqlContext,
  parts: QueryParts,
  table: Table,
  body: unknown,
): string | undefined {
  if (!isObject(body)) throw invalidBody('PATCH body must be a JSON object');
  const columns = checkColumns(table, parts.columns ?? Object.keys(body));
  if (columns.length === 0) return undefined;
  const payload = ctx.param(JSON.stringify(body));
  const where = levelWhere(ctx, parts, { table, alias: 't0', path: '', select: [] });
  const sets = columns.map((c) => `${ident(c)} = _pgrst_r.${ident(c)}`).join(', ');
  return `update ${qualified(table)} as "t0" set ${sets}
    from json_populate_record(null::${qualified(table)}, cast(${payload}::text as json)) as _pgrst_r
    ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`;
}

export function deleteSql(ctx: SqlContext, parts: QueryParts, table: Table): string {
  const where = levelWhere(ctx, parts, { table, alias: 't0', path: '', select: [] });
  return `delete from ${qualified(table)} as "t0" ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`;
}
