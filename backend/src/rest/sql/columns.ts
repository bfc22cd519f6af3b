import { badRequest, columnNotFound, PgrstError } from '../errors.ts';
import type { ColumnItem } from '../parse/select.ts';
import { fieldSql } from './conditions.ts';
import { ident, type SqlContext } from './context.ts';
import type { Level } from './read.ts';
import type { Table } from '../schema-cache.ts';

/** An aggregate call: `fn(arg)` (`count(*)` without arg), optionally cast. */
export interface AggregateCall {
  fn: string;
  arg: string | undefined;
  cast: string | undefined;
}

export interface OutputColumn {
  expr: string;
  /** Output key; undefined for `alias.*`. */
  name: string | undefined;
  /** Set when the column is an aggregate: the level then groups by every other column. */
  aggregate?: AggregateCall;
  /** A json embed: compared as jsonb when the level groups by it (json has no equality). */
  json?: boolean;
}

export function aggregateSql(agg: AggregateCall): string {
  const call = `${agg.fn}(${agg.arg ?? '*'})`;
  return agg.cast ? `(${call})::${agg.cast}` : call;
}

/** An aggregate output whose argument is rewritten (hoisting out of a to-one spread). */
export function withAggregateArg(col: OutputColumn, arg: string): OutputColumn {
  const aggregate = { ...col.aggregate!, arg };
  return { expr: aggregateSql(aggregate), name: col.name, aggregate };
}

/** `count` without parentheses on a table with no such column: PostgREST's legacy count. */
export const isLegacyCount = (table: Table, item: ColumnItem) =>
  item.name === 'count' &&
  item.jsonPath.length === 0 &&
  item.aggregate === undefined &&
  !table.columns.has('count');

const castAliases: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  bigint: 'int8',
  smallint: 'int2',
  boolean: 'bool',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  decimal: 'numeric',
  'character varying': 'varchar',
};

function castType(ctx: SqlContext, cast: string): string {
  const lower = cast.trim().toLowerCase();
  const array = lower.endsWith('[]');
  const base =
    castAliases[array ? lower.slice(0, -2) : lower] ?? (array ? lower.slice(0, -2) : lower);
  if (!/^[a-z_][a-z0-9_]*$/.test(base) || !ctx.cache.typeNames.has(base)) {
    throw badRequest(`"failed to parse select parameter" unknown cast type`, cast);
  }
  return `pg_catalog.${ident(base)}${array ? '[]' : ''}`;
}

/** How PostgREST names an embedded level's table in SQL, and so in its errors: `messages_1`. */
export const embeddedTableName = (level: Level) =>
  level.path ? `${level.table.name}_${level.path.split('.').length}` : level.table.name;

/** fieldSql, with an unknown column of an embedded level named as PostgREST names it. */
function embeddedField(ctx: SqlContext, level: Level, item: ColumnItem) {
  try {
    return fieldSql(ctx, level.table, level.alias, item);
  } catch (error) {
    if (level.path && error instanceof PgrstError && error.code === '42703')
      throw columnNotFound(item.name, embeddedTableName(level));
    throw error;
  }
}

export function columnOutput(ctx: SqlContext, level: Level, item: ColumnItem): OutputColumn {
  if (item.name === '*' || isLegacyCount(level.table, item)) {
    const aggregate = {
      fn: 'count',
      arg: undefined,
      cast: item.aggregateCast ? castType(ctx, item.aggregateCast) : undefined,
    };
    return { expr: aggregateSql(aggregate), name: item.alias ?? 'count', aggregate };
  }
  const field = embeddedField(ctx, level, item);
  const expr = item.cast ? `(${field.sql})::${castType(ctx, item.cast)}` : field.sql;
  const last = item.jsonPath.at(-1);
  if (item.aggregate) {
    const aggregate = {
      fn: item.aggregate,
      arg: expr,
      cast: item.aggregateCast ? castType(ctx, item.aggregateCast) : undefined,
    };
    return { expr: aggregateSql(aggregate), name: item.alias ?? item.aggregate, aggregate };
  }
  return { expr, name: item.alias ?? (last ? last.key : item.name) };
}
