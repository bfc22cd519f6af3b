import { badRequest } from '../errors.ts';
import type { ColumnItem } from '../parse/select.ts';
import { fieldSql } from './conditions.ts';
import { ident, type SqlContext } from './context.ts';
import type { Level } from './read.ts';

export interface OutputColumn {
  expr: string;
  /** Output key; undefined for `alias.*`. */
  name: string | undefined;
}

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

export function columnOutput(ctx: SqlContext, level: Level, item: ColumnItem): OutputColumn {
  const field = fieldSql(ctx, level.table, level.alias, item);
  const expr = item.cast ? `(${field.sql})::${castType(ctx, item.cast)}` : field.sql;
  const last = item.jsonPath.at(-1);
  return { expr, name: item.alias ?? (last ? last.key : item.name) };
}
