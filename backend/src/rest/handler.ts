import type { AppContext } from '../app-context.ts';
import { CallerError, identifyCaller, type Caller } from '../http/caller.ts';
import { pathSegments } from '../http/input.ts';
import type { ApiHandler, ApiRequest, ApiResponse } from '../http/types.ts';
import { PgrstError, toPgrstError } from './errors.ts';
import { execute } from './execute.ts';
import { openApiDocument } from './openapi.ts';
import { outputFormat } from './parse/media.ts';
import { parsePrefer } from './parse/prefer.ts';
import { planRequest, type PlannedRequest } from './plan.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';
import { rawRpcBody, readBody, responseFor } from './respond.ts';
import { bodyColumns, insertRows } from './sql/mutate.ts';
import type { Preferences } from './parse/prefer.ts';

export interface RestGateway {
  handler: ApiHandler;
  /** Re-reads the catalog; call after migrations (also done on NOTIFY pgrst, 'reload schema'). */
  reload(): Promise<void>;
}

function header(request: ApiRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** The request's schema: Accept-Profile (GET/HEAD) or Content-Profile, else the first exposed. */
function chooseSchema(request: ApiRequest, exposedSchemas: string[]): string {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const profile =
    header(request, isRead ? 'accept-profile' : 'content-profile') ?? exposedSchemas[0];
  if (!exposedSchemas.includes(profile)) {
    throw new PgrstError(
      406,
      'PGRST106',
      `The schema must be one of the following: ${exposedSchemas.join(', ')}`,
    );
  }
  return profile;
}

function route(path: string): { rpc: boolean; name: string } | undefined {
  const segments = pathSegments(path);
  if (segments.length === 1) return { rpc: false, name: segments[0] };
  if (segments.length === 2 && segments[0] === 'rpc') return { rpc: true, name: segments[1] };
  return undefined;
}

/**
 * Plans of reads, keyed by everything a read's plan depends on (method, schema, path, query
 * string, Accept, Prefer): a list or dashboard asks the same question again and again, and
 * parsing and planning it is most of the gateway's own time per request. Plans hold no caller
 * data (role and claims are set per request) and are dropped with the schema cache on reload.
 *
 * Inserts are kept too, keyed as well by the columns the body names: the statement depends on
 * the body only through that list, and the body's JSON travels as one parameter (bodyIndex),
 * which a reused plan takes from each request. The stored plan keeps no body.
 */
class PlanCache {
  private readonly plans = new Map<string, PlannedRequest>();
  constructor(private readonly limit = 1000) {}

  static key(request: ApiRequest, schema: string, target: { rpc: boolean; name: string }) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    return PlanCache.requestKey(request, schema, target);
  }

  private static requestKey(
    request: ApiRequest,
    schema: string,
    target: { rpc: boolean; name: string },
  ) {
    const search = request.search ?? request.query.toString();
    return `${request.method}\0${schema}\0${target.rpc ? 'rpc/' : ''}${target.name}\0${search}\0${header(request, 'accept') ?? ''}\0${header(request, 'prefer') ?? ''}`;
  }

  /**
   * An insert into a table: the key adds the body's columns; `payload` is the body's JSON as
   * the statement takes it. None for an upsert, whose planning may change the preferences
   * (an unusable resolution is dropped from Preference-Applied), or a body that is not rows.
   */
  static insertKey(
    request: ApiRequest,
    schema: string,
    target: { rpc: boolean; name: string },
    prefs: Preferences,
    body: unknown,
  ): { key: string; payload: string } | undefined {
    if (request.method !== 'POST' || target.rpc || prefs.resolution) return undefined;
    const rows = insertRows(body);
    if (!rows) return undefined;
    return {
      key: `${PlanCache.requestKey(request, schema, target)}\0${JSON.stringify(bodyColumns(rows))}`,
      payload: JSON.stringify(rows),
    };
  }

  /** The plan with another body's JSON (null: none, for storing). */
  static withBody(planned: PlannedRequest, payload: string | null): PlannedRequest {
    const index = planned.bodyIndex;
    const params = planned.plan.params.map((value, i) => (i === index ? payload : value));
    return { ...planned, plan: { ...planned.plan, params } };
  }

  get(key: string | undefined) {
    return key === undefined ? undefined : this.plans.get(key);
  }

  set(key: string | undefined, planned: PlannedRequest) {
    if (key === undefined) return;
    if (this.plans.size >= this.limit) this.plans.clear();
    this.plans.set(key, planned);
  }

  clear() {
    this.plans.clear();
  }
}

/** The PostgREST-compatible gateway mounted at /rest/v1. */
export async function createRestGateway(ctx: AppContext): Promise<RestGateway> {
  const exposedSchemas = ctx.config.dbSchemas;
  let cache: SchemaCache = await loadSchemaCache(ctx.db, exposedSchemas);
  const plans = new PlanCache();
  const reload = async () => {
    cache = await loadSchemaCache(ctx.db, exposedSchemas);
    plans.clear();
  };
  await ctx.db.listen('pgrst', (payload) => {
    if (payload.includes('reload schema'))
      reload().catch((e) => console.error('[rest] schema reload failed', e));
  });

  const openApi = async (request: ApiRequest, caller: Caller): Promise<ApiResponse> => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      throw new PgrstError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
    const schema = chooseSchema(request, exposedSchemas);
    const document = await openApiDocument(ctx.db, cache, caller.role, schema, request);
    const headers = { 'Content-Type': 'application/openapi+json; charset=utf-8' };
    return request.method === 'HEAD'
      ? { status: 200, headers }
      : { status: 200, headers, body: document };
  };

  const handler: ApiHandler = async (request) => {
    let caller: Caller | undefined;
    try {
      caller = await identifyCaller(ctx.keys, request.headers);
      const target = route(request.path);
      if (!target) {
        if (request.path === '/' || request.path === '') return await openApi(request, caller);
        throw new PgrstError(404, 'PGRST125', `Invalid path specified in request URL`);
      }
      if (target.rpc && !['GET', 'HEAD', 'POST'].includes(request.method)) {
        throw new PgrstError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for rpc');
      }
      const schema = chooseSchema(request, exposedSchemas);
      const format = outputFormat(request.headers);
      const { singular } = format;
      const prefs = parsePrefer(request.headers);
      const planKey = PlanCache.key(request, schema, target);
      let planned: PlannedRequest | undefined = plans.get(planKey);
      if (!planned) {
        const body = readBody(request, target.rpc);
        const insert =
          planKey === undefined
            ? PlanCache.insertKey(request, schema, target, prefs, body)
            : undefined;
        const template = insert && plans.get(insert.key);
        if (insert && template) planned = PlanCache.withBody(template, insert.payload);
        else {
          planned = planRequest({
            cache,
            schema,
            ...target,
            method: request.method,
            query: request.query,
            body,
            prefs,
            singular,
            format,
            rawBody: target.rpc ? rawRpcBody(request) : undefined,
            aggregatesEnabled: ctx.config.dbAggregatesEnabled,
          });
          if (planKey !== undefined) plans.set(planKey, planned);
          else if (insert && planned.bodyIndex !== undefined)
            plans.set(insert.key, PlanCache.withBody(planned, null));
        }
      }
      const outcome = await execute(
        ctx.db,
        caller,
        {
          method: request.method,
          path: `/${target.rpc ? 'rpc/' : ''}${target.name}`,
          headers: request.headers,
          searchPath: `"${schema}", extensions`,
        },
        planned.plan,
      );
      const response = responseFor(request, planned, outcome, prefs, format);
      // With more than one exposed schema PostgREST names the one that answered.
      if (exposedSchemas.length > 1)
        response.headers = { ...response.headers, 'Content-Profile': schema };
      return response;
    } catch (error) {
      return errorResponse(error, caller);
    }
  };
  return { handler, reload };
}

function errorResponse(error: unknown, caller: Caller | undefined): ApiResponse {
  if (error instanceof CallerError) {
    return {
      status: 401,
      headers: {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${error.message}"`,
      },
      body: { code: 'PGRST301', details: null, hint: null, message: error.message },
    };
  }
  const pgrst = toPgrstError(error, caller !== undefined && caller.role !== 'anon');
  return { status: pgrst.status, body: pgrst.body() };
}
