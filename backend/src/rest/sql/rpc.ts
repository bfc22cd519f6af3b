import { PgrstError } from '../errors.ts';
import type { DbFunction, SchemaCache } from '../schema-cache.ts';
import { tableKey } from '../schema-cache.ts';
import { ident, qualified, type SqlContext } from './context.ts';

const jsonTypes = new Set(['json', 'jsonb']);

/** A JSON array as a Postgres array literal: `["a","b c"]` -> `{"a","b c"}`. */
function arrayLiteral(values: unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** An argument value as text for `cast($n::text as <arg type>)`. */
function argText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (jsonTypes.has(type)) return JSON.stringify(value);
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function notFound(schema: string, name: string, keys: string[]): PgrstError {
  return new PgrstError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}(${keys.join(', ')}) in the schema cache`,
    `Searched for the function ${schema}.${name} with parameters ${keys.join(', ') || 'none'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

/** Picks the overload whose named arguments the request supplies (PostgREST's rule). */
export function findFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
): DbFunction {
  const candidates = cache.functions.get(tableKey(schema, name)) ?? [];
  const named = candidates.find(
    (fn) =>
      fn.args.every((arg) => arg.name !== '' && (arg.hasDefault || keys.includes(arg.name))) &&
      keys.every((key) => fn.args.some((arg) => arg.name === key)),
  );
  if (named) return named;
  const singleJson = candidates.find(
    (fn) => fn.args.length === 1 && fn.args[0].name === '' && jsonTypes.has(fn.args[0].type),
  );
  if (singleJson) return singleJson;
  throw notFound(schema, name, keys);
}

/** `"schema"."fn"("a" => cast($1::text as int4), …)` with every value a bind parameter. */
export function callSql(
  ctx: SqlContext,
  fn: DbFunction,
  args: Record<string, unknown> | unknown,
): string {
  if (fn.args.length === 1 && fn.args[0].name === '') {
    return `${qualified(fn)}(${ctx.typed(JSON.stringify(args), fn.args[0].type)})`;
  }
  const values = (args ?? {}) as Record<string, unknown>;
  const named = fn.args
    .filter((arg) => Object.hasOwn(values, arg.name))
    .map(
      (arg) => `${ident(arg.name)} => ${ctx.typed(argText(values[arg.name], arg.type), arg.type)}`,
    );
  return `${qualified(fn)}(${named.join(', ')})`;
}

/** A scalar (or set of scalars, or void) function call as one JSON body. */
export function scalarCallSql(fn: DbFunction, call: string): string {
  if (fn.returnsVoid)
    return `select ${call}, null::int8 as total, 1::int8 as page_total, null::text as body`;
  if (fn.returnsSet) {
    return `select null::int8 as total, count(*)::int8 as page_total, coalesce(json_agg(_pgrst_v), '[]')::text as body from ${call} as _pgrst_v`;
  }
  return `select null::int8 as total, 1::int8 as page_total, to_json(${call})::text as body`;
}
