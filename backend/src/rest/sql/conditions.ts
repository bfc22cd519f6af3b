import { badRequest } from '../errors.ts';
import type { Condition, Filter } from '../parse/filters.ts';
import type { FieldRef } from '../parse/split.ts';
import { computedFieldKey, type Table } from '../schema-cache.ts';
import { ident, qualified, requireColumn, type SqlContext } from './context.ts';

export interface FieldSql {
  sql: string;
  /** The SQL type of the expression, for casting compared values. */
  type: string;
}

/** `"t0"."data"->'a'->>'b'` with keys as parameters; the type follows the last arrow. */
/** A column of the table, or else a computed field (`fn(table_row)`) of that name. */
function baseField(ctx: SqlContext, table: Table, alias: string, name: string) {
  const computed = table.columns.has(name)
    ? undefined
    : ctx.cache.computedFields?.get(computedFieldKey(table, name));
  if (computed)
    return { sql: `${qualified(computed)}(${ident(alias)})`, type: computed.returnType, name };
  const column = requireColumn(table, name);
  return { sql: `${ident(alias)}.${ident(column.name)}`, type: column.type, name: column.name };
}

export function fieldSql(ctx: SqlContext, table: Table, alias: string, field: FieldRef): FieldSql {
  const column = baseField(ctx, table, alias, field.name);
  let { sql, type } = column;
  for (const step of field.jsonPath) {
    const key = /^-?\d+$/.test(step.key)
      ? `${ctx.param(step.key)}::int`
      : `${ctx.param(step.key)}::text`;
    sql = `${sql}${step.arrow}${key}`;
    type = step.arrow === '->>' ? 'text' : 'jsonb';
  }
  if (field.jsonPath.length > 0 && !column.type.startsWith('json')) {
    throw badRequest(`json path on non-json column ${column.name}`);
  }
  return { sql, type };
}

const comparison: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};
const rangeOps: Record<string, string> = {
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const patternOps: Record<string, string> = {
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};
const tsQuery: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const isValues: Record<string, string> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
};

function scalar(value: string | string[]): string {
  if (Array.isArray(value)) throw badRequest('a list is not allowed here');
  return value;
}

function conditionSql(ctx: SqlContext, table: Table, alias: string, cond: Condition): string {
  const field = fieldSql(ctx, table, alias, cond.field);
  const { op } = cond;
  if (cond.modifier && op in comparison) {
    return `${field.sql} ${comparison[op]} ${cond.modifier}(cast(${ctx.param(cond.value)}::text[] as ${field.type}[]))`;
  }
  if (op in comparison)
    return `${field.sql} ${comparison[op]} ${ctx.typed(scalar(cond.value), field.type)}`;
  if (op in patternOps) {
    const toPattern = (v: string) => (op.endsWith('like') ? v.replace(/\*/g, '%') : v);
    if (cond.modifier) {
      const list = (cond.value as string[]).map(toPattern);
      return `${field.sql}::text ${patternOps[op]} ${cond.modifier}(${ctx.param(list)}::text[])`;
    }
    return `${field.sql}::text ${patternOps[op]} ${ctx.param(toPattern(scalar(cond.value)))}::text`;
  }
  if (op === 'in')
    return `${field.sql} = any(cast(${ctx.param(cond.value)}::text[] as ${field.type}[]))`;
  if (op === 'is') {
    const keyword = isValues[scalar(cond.value).toLowerCase()];
    if (!keyword)
      throw badRequest(
        `"failed to parse filter (is.${String(cond.value)})"`,
        'expected null, not_null, true, false or unknown',
      );
    return `${field.sql} is ${keyword}`;
  }
  if (op === 'isdistinct')
    return `${field.sql} is distinct from ${ctx.typed(scalar(cond.value), field.type)}`;
  if (op in tsQuery) {
    const config = cond.modifier ? `cast(${ctx.param(cond.modifier)}::text as regconfig), ` : '';
    const vector =
      field.type === 'tsvector' ? field.sql : `to_tsvector(${config}${field.sql}::text)`;
    return `${vector} @@ ${tsQuery[op]}(${config}${ctx.param(scalar(cond.value))}::text)`;
  }
  if (op in rangeOps) {
    let value = scalar(cond.value);
    // PostgREST accepts `ov.(a,b)` for arrays as well as `{a,b}`.
    if (op === 'ov' && field.type.endsWith('[]') && value.startsWith('('))
      value = `{${value.slice(1, -1)}}`;
    return `${field.sql} ${rangeOps[op]} ${ctx.typed(value, field.type)}`;
  }
  throw badRequest(`unsupported operator ${op}`);
}

/** One filter (condition or and/or tree) as SQL; every value is a bind parameter. */
export function filterSql(ctx: SqlContext, table: Table, alias: string, filter: Filter): string {
  if (filter.kind === 'cond') {
    const sql = conditionSql(ctx, table, alias, filter);
    return filter.negate ? `not (${sql})` : `(${sql})`;
  }
  const parts = filter.children.map((child) => filterSql(ctx, table, alias, child));
  const joined = parts.length === 0 ? 'true' : parts.join(` ${filter.op} `);
  return filter.negate ? `not (${joined})` : `(${joined})`;
}
