import type { RelationGrant, RoutineGrant } from './openapi-queries.ts';
import type { Column, DbFunction, SchemaCache, Table } from './schema-cache.ts';

/** The definitions and path items of the OpenAPI document (openapi.ts), as PostgREST 12 shapes them. */
export type Json = Record<string, unknown>;

export const MEDIA = [
  'application/json',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'application/vnd.pgrst.object+json',
  'text/csv',
];

export function swaggerType(type: string): string | undefined {
  if (['character varying', 'character', 'text'].includes(type)) return 'string';
  if (type === 'boolean') return 'boolean';
  if (['smallint', 'integer', 'bigint'].includes(type)) return 'integer';
  if (['numeric', 'real', 'double precision'].includes(type)) return 'number';
  if (type === 'json' || type === 'jsonb') return undefined;
  return type.endsWith('[]') ? 'array' : 'string';
}

/** A column default as JSON when it is a literal (`'x'::text` → "x", `0` → 0), else omitted. */
function defaultValue(column: Column): unknown {
  const expr = column.defaultExpr;
  if (expr === undefined) return undefined;
  if (swaggerType(column.type) === 'string') {
    const literal = /^'((?:[^']|'')*)'::[\w\s."]+$/.exec(expr);
    return literal ? literal[1].replace(/''/g, "'") : expr;
  }
  try {
    return JSON.parse(expr) as unknown;
  } catch {
    return undefined;
  }
}

function foreignKeyNote(cache: SchemaCache, table: Table, column: string): string | undefined {
  const fk = cache.foreignKeys.find(
    (key) =>
      key.fromSchema === table.schema &&
      key.fromTable === table.name &&
      key.fromColumns.length === 1 &&
      key.fromColumns[0] === column,
  );
  if (!fk) return undefined;
  const [to] = fk.toColumns;
  return `This is a Foreign Key to \`${fk.toTable}.${to}\`.<fk table='${fk.toTable}' column='${to}'/>`;
}

function property(cache: SchemaCache, table: Table, column: Column, grant: RelationGrant): Json {
  const meta = grant.columns.find((c) => c.name === column.name);
  const notes = [
    table.primaryKey.includes(column.name) ? 'This is a Primary Key.<pk/>' : undefined,
    foreignKeyNote(cache, table, column.name),
  ].filter(Boolean);
  const own = meta?.description ?? undefined;
  const description =
    notes.length > 0 ? `${own ? `${own}\n\n` : ''}Note:\n${notes.join('\n')}` : own;
  const type = swaggerType(column.type);
  return {
    default: defaultValue(column),
    description,
    format: column.type,
    maxLength: meta?.max_length ?? undefined,
    type,
    items: type === 'array' ? { type: swaggerType(column.type.slice(0, -2)) } : undefined,
  };
}

export function definition(cache: SchemaCache, table: Table, grant: RelationGrant): Json {
  const columns = [...table.columns.values()];
  return {
    description: grant.description ?? undefined,
    required: columns.filter((c) => !c.nullable).map((c) => c.name),
    properties: Object.fromEntries(columns.map((c) => [c.name, property(cache, table, c, grant)])),
    type: 'object',
  };
}

const ref = (name: string) => ({ $ref: `#/parameters/${name}` });

export function tablePath(table: Table, grant: RelationGrant): Json {
  const [summary, ...rest] = (grant.description ?? '').split('\n');
  const base = {
    tags: [table.name],
    summary: summary || undefined,
    description: rest.join('\n').trim() || undefined,
  };
  const filters = [...table.columns.keys()].map((c) => ref(`rowFilter.${table.name}.${c}`));
  const item: Json = {};
  if (grant.select) {
    const page = ['select', 'order', 'range', 'rangeUnit', 'offset', 'limit', 'preferCount'];
    item.get = {
      ...base,
      parameters: [...filters, ...page.map(ref)],
      responses: {
        200: {
          description: 'OK',
          schema: { type: 'array', items: { $ref: `#/definitions/${table.name}` } },
        },
        206: { description: 'Partial Content' },
      },
    };
  }
  const body = ref(`body.${table.name}`);
  if (grant.insert) {
    const parameters = [body, ref('select'), ref('preferPost')];
    item.post = { ...base, parameters, responses: { 201: { description: 'Created' } } };
  }
  const noContent = { 204: { description: 'No Content' } };
  if (grant.update)
    item.patch = {
      ...base,
      parameters: [...filters, body, ref('preferReturn')],
      responses: noContent,
    };
  if (grant.delete)
    item.delete = { ...base, parameters: [...filters, ref('preferReturn')], responses: noContent };
  return item;
}

export function routinePath(fn: DbFunction, grant: RoutineGrant): Json {
  const [summary, ...rest] = (grant.description ?? '').split('\n');
  const base = {
    tags: [`(rpc) ${fn.name}`],
    summary: summary || undefined,
    description: rest.join('\n').trim() || undefined,
    produces: MEDIA.slice(0, 3),
    responses: { 200: { description: 'OK' } },
  };
  const args = {
    required: fn.args.filter((a) => !a.hasDefault).map((a) => a.name),
    properties: Object.fromEntries(
      fn.args.map((a) => [a.name, { format: a.type, type: swaggerType(a.type) }]),
    ),
    type: 'object',
  };
  const post = {
    ...base,
    parameters: [{ in: 'body', name: 'args', required: true, schema: args }, ref('preferParams')],
  };
  if (fn.volatility === 'v') return { post };
  const query = fn.args.map((a) => ({
    format: a.type,
    in: 'query',
    name: a.name,
    required: !a.hasDefault,
    type: a.type.endsWith('[]') ? 'string' : (swaggerType(a.type) ?? 'string'),
  }));
  return { get: { ...base, parameters: query }, post };
}
