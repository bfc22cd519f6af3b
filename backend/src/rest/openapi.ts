import type { Queryable } from '../db/types.ts';
import type { ApiRequest } from '../http/types.ts';
import { definition, MEDIA, routinePath, tablePath, type Json } from './openapi-paths.ts';
import { loadGrants } from './openapi-queries.ts';
import { tableKey, type SchemaCache } from './schema-cache.ts';

/**
 * The OpenAPI (Swagger 2.0) document PostgREST serves at its root (`GET /rest/v1/`): every table,
 * view and function of the schema that the caller's role may use (PostgREST's default
 * openapi-mode, follow-privileges), with columns, keys, arguments and comments, so type
 * generators and admin tools can read the API.
 */
const stringParam = (name: string, where: 'query' | 'header', description: string): Json => ({
  name,
  description,
  required: false,
  in: where,
  type: 'string',
});

function preferParam(values: string[]): Json {
  return { ...stringParam('Prefer', 'header', 'Preference'), enum: values };
}

const commonParameters: Json = {
  preferParams: preferParam(['params=single-object']),
  preferReturn: preferParam(['return=representation', 'return=minimal', 'return=none']),
  preferCount: preferParam(['count=none']),
  preferPost: preferParam([
    'return=representation',
    'return=minimal',
    'return=none',
    'resolution=ignore-duplicates',
    'resolution=merge-duplicates',
  ]),
  select: stringParam('select', 'query', 'Filtering Columns'),
  on_conflict: stringParam('on_conflict', 'query', 'On Conflict'),
  order: stringParam('order', 'query', 'Ordering'),
  range: stringParam('Range', 'header', 'Limiting and Pagination'),
  rangeUnit: {
    ...stringParam('Range-Unit', 'header', 'Limiting and Pagination'),
    default: 'items',
  },
  offset: stringParam('offset', 'query', 'Limiting and Pagination'),
  limit: stringParam('limit', 'query', 'Limiting and Pagination'),
};

export async function openApiDocument(
  db: Queryable,
  cache: SchemaCache,
  role: string,
  schema: string,
  request: ApiRequest,
): Promise<Json> {
  const grants = await loadGrants(db, role, schema);
  const definitions: Json = {};
  const parameters: Json = { ...commonParameters };
  const paths: Json = {
    '/': {
      get: {
        tags: ['Introspection'],
        summary: 'OpenAPI description (this document)',
        produces: ['application/openapi+json', 'application/json'],
        responses: { 200: { description: 'OK' } },
      },
    },
  };
  for (const grant of grants.relations) {
    const table = cache.tables.get(tableKey(schema, grant.name));
    if (!table) continue;
    definitions[table.name] = definition(cache, table, grant);
    paths[`/${table.name}`] = tablePath(table, grant);
    parameters[`body.${table.name}`] = {
      name: table.name,
      description: table.name,
      required: false,
      in: 'body',
      schema: { $ref: `#/definitions/${table.name}` },
    };
    for (const column of table.columns.values()) {
      parameters[`rowFilter.${table.name}.${column.name}`] = stringParam(
        column.name,
        'query',
        grant.columns.find((c) => c.name === column.name)?.description ?? '',
      );
    }
  }
  for (const grant of grants.routines) {
    const fn = cache.functions.get(tableKey(schema, grant.name))?.[0];
    if (fn) paths[`/rpc/${fn.name}`] = routinePath(fn, grant);
  }
  const [title, ...rest] = (grants.schemaDescription ?? '').split('\n');
  return {
    swagger: '2.0',
    info: {
      description: rest.join('\n').trim() || '',
      title: title || 'PostgREST API',
      version: '12.2.0 (ProMatch gateway)',
    },
    host: request.headers.host ?? 'localhost',
    basePath: '/rest/v1',
    schemes: ['http'],
    consumes: MEDIA,
    produces: MEDIA,
    paths,
    definitions,
    parameters,
    externalDocs: {
      description: 'PostgREST Documentation',
      url: 'https://postgrest.org/en/v12/references/api.html',
    },
  };
}
