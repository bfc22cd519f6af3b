import { PgrstError } from '../errors.ts';
import type { DbFunction, FunctionArg, SchemaCache } from '../schema-cache.ts';
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

/** What the request supplies: named arguments (JSON object or query string) or a raw body. */
export interface CallInput {
  keys: string[];
  /** POST (PostgREST's "invoked with POST"): single unnamed parameters only apply then. */
  post: boolean;
  /** The body's media type when it is not JSON. */
  raw: 'text' | 'xml' | 'bytea' | undefined;
}

/** Levenshtein similarity in [0, 1], for PostgREST's "Perhaps you meant …" hints. */
function similarity(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return 1 - previous[b.length] / Math.max(a.length, b.length, 1);
}

function closest(options: string[], wanted: string, minScore: number): string | undefined {
  let best: { option: string; score: number } | undefined;
  for (const option of options) {
    const score = similarity(option, wanted);
    if (score >= minScore && score < 1 && (!best || score > best.score)) best = { option, score };
  }
  return best?.option;
}

const paramList = (names: string[]) => `(${[...names].sort().join(', ')})`;

function notFound(
  cache: SchemaCache,
  schema: string,
  name: string,
  input: CallInput,
  overloads: DbFunction[],
): PgrstError {
  const { keys } = input;
  const func = `${schema}.${name}`;
  const listed = keys.join(', ');
  const params =
    keys.length === 0
      ? ' without parameters'
      : ` with parameter${keys.length > 1 ? 's' : ''} ${listed}`;
  const rawDetail = {
    text: ' with a single unnamed text parameter',
    xml: ' with a single unnamed xml parameter',
    bytea: ' with a single unnamed bytea parameter',
  };
  const searched = input.raw
    ? rawDetail[input.raw]
    : `${params}${input.post ? ' or with a single unnamed json/jsonb parameter' : ''}`;
  let hint: string | null = null;
  if (!input.raw) {
    const perhaps =
      overloads.length === 0
        ? closest(
            [...cache.functions.values()].flatMap((fns) =>
              fns.filter((fn) => fn.schema === schema).map((fn) => fn.name),
            ),
            name,
            0.75,
          )
        : closest(
            overloads.map((fn) => paramList(fn.args.map((a) => a.name))),
            paramList(keys),
            0.33,
          );
    if (perhaps)
      hint = `Perhaps you meant to call the function ${schema}.${overloads.length === 0 ? perhaps : `${name}${perhaps}`}`;
  }
  return new PgrstError(
    404,
    'PGRST202',
    `Could not find the function ${func}${input.raw ? '' : keys.length === 0 ? ' without parameters' : `(${listed})`} in the schema cache`,
    `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
    hint,
  );
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** PostgREST's order of overloads: by their parameter lists, each parameter by name, then type. */
function compareParams(a: DbFunction, b: DbFunction): number {
  for (let i = 0; i < Math.min(a.args.length, b.args.length); i += 1) {
    const order =
      compareText(a.args[i].name, b.args[i].name) || compareText(a.args[i].type, b.args[i].type);
    if (order !== 0) return order;
  }
  return a.args.length - b.args.length;
}

function ambiguous(fns: DbFunction[]): PgrstError {
  const list = [...fns]
    .sort(compareParams)
    .map(
      (fn) => `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`,
    )
    .join(', ');
  return new PgrstError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${list}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

const sameKeys = (a: Set<string>, b: Set<string>) =>
  a.size === b.size && [...a].every((k) => b.has(k));

/** PostgREST's overload rule: every required parameter given, every given key a parameter. */
function matchesParams(fn: DbFunction, input: CallInput): boolean {
  const keys = new Set(input.keys);
  if (fn.args.length === 0) return keys.size === 0 && !input.raw;
  const required = new Set(fn.args.filter((a) => !a.hasDefault).map((a) => a.name));
  const optional = new Set(fn.args.filter((a) => a.hasDefault).map((a) => a.name));
  const extra = new Set([...keys].filter((k) => !optional.has(k)));
  return sameKeys(extra, required);
}

const unnamedTypes = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], bytea: ['bytea'] };

/** A function of one unnamed parameter taking the whole body (json/jsonb, text, xml, bytea). */
export function takesWholeBody(fn: DbFunction, input: CallInput): boolean {
  if (!input.post || fn.args.length !== 1 || fn.args[0].name !== '') return false;
  return unnamedTypes[input.raw ?? 'json'].includes(fn.args[0].type);
}

/**
 * Picks the function to call as PostgREST does: the overload whose parameters the request's
 * keys match (PGRST203 when several do), else the single-unnamed-parameter fallback.
 */
export function findFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  input: CallInput,
): DbFunction {
  const candidates = cache.functions.get(tableKey(schema, name)) ?? [];
  const named = candidates.filter((fn) => matchesParams(fn, input));
  const fallback = candidates.filter((fn) => !named.includes(fn) && takesWholeBody(fn, input));
  if (named.length === 1) return named[0];
  if (named.length > 1) throw ambiguous(named);
  if (fallback.length === 1) return fallback[0];
  if (fallback.length > 1) throw ambiguous(fallback);
  throw notFound(cache, schema, name, input, candidates);
}

/** One argument: a table's row type is filled from a JSON object, anything else cast from text. */
function argSql(ctx: SqlContext, arg: FunctionArg, value: unknown): string {
  if (arg.composite && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return `json_populate_record(null::${arg.type}, ${ctx.param(JSON.stringify(value))}::json)`;
  }
  return ctx.typed(argText(value, arg.type), arg.type);
}

/** `"schema"."fn"("a" => cast($1::text as int4), …)` with every value a bind parameter. */
export function callSql(
  ctx: SqlContext,
  fn: DbFunction,
  args: Record<string, unknown> | unknown,
  raw?: string,
): string {
  if (fn.args.length === 1 && fn.args[0].name === '') {
    const value = raw ?? JSON.stringify(args);
    return `${qualified(fn)}(${ctx.typed(value, fn.args[0].type)})`;
  }
  const values = (args ?? {}) as Record<string, unknown>;
  const named = fn.args
    .filter((arg) => Object.hasOwn(values, arg.name))
    .map((arg) => `${ident(arg.name)} => ${argSql(ctx, arg, values[arg.name])}`);
  return `${qualified(fn)}(${named.join(', ')})`;
}

/** A scalar (or set of scalars, or void) function call as one JSON body. */
export function scalarCallSql(fn: DbFunction, call: string, count = false): string {
  const total = count ? '1::int8' : 'null::int8';
  if (fn.returnsVoid)
    return `select ${call}, ${total} as total, 1::int8 as page_total, null::text as body`;
  if (fn.returnsSet) {
    const setTotal = count ? 'count(*)::int8' : 'null::int8';
    return `select ${setTotal} as total, count(*)::int8 as page_total, coalesce(json_agg(_pgrst_v), '[]')::text as body from ${call} as _pgrst_v`;
  }
  return `select ${total} as total, 1::int8 as page_total, to_json(${call})::text as body`;
}
