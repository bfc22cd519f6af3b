import type { AppContext } from '../app-context.ts';
import { cachedCaller, CallerError, identifyCaller, type Caller } from '../http/caller.ts';
import { pathSegments } from '../http/input.ts';
import { forwardedHeadersJson } from '../http/forwarded.ts';
import type { ApiHandler, ApiRequest, ApiResponse } from '../http/types.ts';
import { PgrstError, toPgrstError } from './errors.ts';
import { execute, explain } from './execute.ts';
import { ident } from './sql/context.ts';
import { openApiDocument } from './openapi.ts';
import { noMediaType, outputFormat, type OutputFormat } from './parse/media.ts';
import { parsePrefer } from './parse/prefer.ts';
import { parseRangeHeader } from './parse/range.ts';
import { planRequest, type PlannedRequest } from './plan.ts';
import { loadPreRequest } from './pre-request.ts';
import { loadRoleTimeouts } from './role-timeouts.ts';
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

/** The request's parts, besides its path and query string, that a memoised preamble must match. */
interface Variant {
  method: string;
  accept: string | undefined;
  prefer: string | undefined;
  /** Accept-Profile for reads, Content-Profile for writes. */
  profile: string | undefined;
  /** The Range header of a GET or HEAD (PostgREST ignores it on other methods). */
  range: string | undefined;
}

const variantOf = (request: ApiRequest): Variant => {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  return {
    method: request.method,
    accept: header(request, 'accept'),
    prefer: header(request, 'prefer'),
    profile: header(request, isRead ? 'accept-profile' : 'content-profile'),
    range: isRead ? header(request, 'range') : undefined,
  };
};

const sameVariant = (a: Variant, b: Variant) =>
  a.method === b.method &&
  a.accept === b.accept &&
  a.prefer === b.prefer &&
  a.profile === b.profile &&
  a.range === b.range;

// A missing header and an empty one choose differently: keep them apart in a key.
const keyPart = (value: string | undefined) => (value === undefined ? '' : `=${value}`);

/** What a request's method, path, query string and headers decide before anything is planned. */
interface Preamble extends Variant {
  target: { rpc: boolean; name: string };
  schema: string;
  format: OutputFormat;
  /** As parsed, shared by every request with this preamble: copied before planning changes it. */
  prefs: Preferences;
  /** request.path and request.search of execute's RequestInfo. */
  path: string;
  searchPath: string;
  /** A read's plan, once planned. */
  read?: PlannedRequest;
}

/** At most this many header variants are kept for one path and query string. */
const VARIANTS_PER_TARGET = 8;

/**
 * Requests are memoised by everything the gateway decides from before planning: method, path,
 * query string, Accept, Prefer and the Accept- or Content-Profile header, which fix the route,
 * the schema, the output format and the preferences; only requests that passed every check are
 * kept. The map is keyed by path and query string alone (the part that varies most), each entry
 * holding the few header variants seen for it: building and hashing one long string of every
 * part was a measurable share of a cached read's time. A read's plan depends on nothing else,
 * so it is kept in the same entry: a list or dashboard asks the same question again and again,
 * and routing, parsing and planning it is most of the gateway's own time per request. Plans
 * hold no caller data (role and claims are set per request) and everything is dropped with the
 * schema cache on reload.
 *
 * Inserts are kept too, keyed as well by the columns the body names: the statement depends on
 * the body only through that list, and the body's JSON travels as one parameter (bodyIndex),
 * which a reused plan takes from each request. The stored plan keeps no body.
 */
class PlanCache {
  private readonly preambles = new Map<string, Preamble[]>();
  private preambleCount = 0;
  private readonly inserts = new Map<string, PlannedRequest>();
  constructor(private readonly limit = 1000) {}

  /** The preamble map's key: the path below /rest/v1 and the query string as sent. */
  static target(request: ApiRequest): string {
    return request.path + (request.search ?? `?${request.query.toString()}`);
  }

  /** An insert plan's key, with every part spelt out (only inserts pay for building it). */
  static key(target: string, variant: Variant): string {
    return `${variant.method}\0${target}\0${keyPart(variant.accept)}\0${keyPart(variant.prefer)}\0${keyPart(variant.profile)}\0${keyPart(variant.range)}`;
  }

  /**
   * An insert into a table: the key adds the body's columns; `payload` is the body's JSON as
   * the statement takes it. None for an upsert, whose planning may change the preferences
   * (an unusable resolution is dropped from Preference-Applied), or a body that is not rows.
   */
  static insertKey(
    request: ApiRequest,
    key: string,
    target: { rpc: boolean; name: string },
    prefs: Preferences,
    body: unknown,
  ): { key: string; payload: string } | undefined {
    if (request.method !== 'POST' || target.rpc || prefs.resolution) return undefined;
    const rows = insertRows(body);
    if (!rows) return undefined;
    return {
      key: `${key}\0${JSON.stringify(bodyColumns(rows))}`,
      payload: JSON.stringify(rows),
    };
  }

  /** The plan with another body's JSON (null: none, for storing). */
  static withBody(planned: PlannedRequest, payload: string | null): PlannedRequest {
    const index = planned.bodyIndex;
    const params = planned.plan.params.map((value, i) => (i === index ? payload : value));
    return { ...planned, plan: { ...planned.plan, params } };
  }

  preamble(target: string, variant: Variant): Preamble | undefined {
    const seen = this.preambles.get(target);
    if (seen === undefined) return undefined;
    for (const preamble of seen) if (sameVariant(preamble, variant)) return preamble;
    return undefined;
  }

  setPreamble(target: string, preamble: Preamble) {
    if (this.preambleCount >= this.limit) {
      this.preambles.clear();
      this.preambleCount = 0;
    }
    const seen = this.preambles.get(target);
    if (!seen) this.preambles.set(target, [preamble]);
    else {
      // A client cycling through header values for one URL keeps the scan above short.
      if (seen.length >= VARIANTS_PER_TARGET) seen.shift();
      seen.push(preamble);
    }
    this.preambleCount += 1;
  }

  insert(key: string) {
    return this.inserts.get(key);
  }

  setInsert(key: string, planned: PlannedRequest) {
    if (this.inserts.size >= this.limit) this.inserts.clear();
    this.inserts.set(key, planned);
  }

  clear() {
    this.preambles.clear();
    this.preambleCount = 0;
    this.inserts.clear();
  }
}

/** The PostgREST-compatible gateway mounted at /rest/v1. */
export async function createRestGateway(ctx: AppContext): Promise<RestGateway> {
  const exposedSchemas = ctx.config.dbSchemas;
  let cache: SchemaCache = await loadSchemaCache(ctx.db, exposedSchemas);
  let preRequest = await loadPreRequest(ctx.db);
  let roleTimeouts = await loadRoleTimeouts(ctx.db);
  const plans = new PlanCache();
  const reload = async () => {
    cache = await loadSchemaCache(ctx.db, exposedSchemas);
    plans.clear();
  };
  const reloadConfig = async () => {
    preRequest = await loadPreRequest(ctx.db);
    roleTimeouts = await loadRoleTimeouts(ctx.db);
  };
  await ctx.db.listen('pgrst', (payload) => {
    if (payload.includes('reload schema'))
      reload().catch((e) => console.error('[rest] schema reload failed', e));
    if (payload.includes('reload config'))
      reloadConfig().catch((e) => console.error('[rest] config reload failed', e));
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

  /** The preamble of a request with a table or function path; it throws what PostgREST refuses. */
  const preambleFor = (
    request: ApiRequest,
    variant: Variant,
    target: { rpc: boolean; name: string },
  ): Preamble => {
    if (target.rpc && !['GET', 'HEAD', 'POST'].includes(request.method)) {
      throw new PgrstError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for rpc');
    }
    const schema = chooseSchema(request, exposedSchemas);
    const format = outputFormat(request.headers, ctx.config.dbPlanEnabled);
    // As in PostgREST, GeoJSON is a media type only a database with PostGIS can produce.
    if (format.geoJson && !cache.geoJsonFunction) throw noMediaType(request.headers.accept);
    const prefs = parsePrefer(request.headers);
    return {
      ...variant,
      target,
      schema,
      format,
      prefs,
      path: `/${target.rpc ? 'rpc/' : ''}${target.name}`,
      searchPath: [schema, ...ctx.config.dbExtraSearchPath].map(ident).join(', '),
    };
  };

  const handler: ApiHandler = async (request) => {
    let caller: Caller | undefined;
    try {
      // A client whose token is already verified is known without waiting for a promise.
      caller = cachedCaller(request.headers) ?? (await identifyCaller(ctx.keys, request.headers));
      const requested = PlanCache.target(request);
      const variant = variantOf(request);
      let preamble = plans.preamble(requested, variant);
      if (!preamble) {
        const target = route(request.path);
        if (!target) {
          if (request.path === '/' || request.path === '') return await openApi(request, caller);
          throw new PgrstError(404, 'PGRST125', `Invalid path specified in request URL`);
        }
        preamble = preambleFor(request, variant, target);
        plans.setPreamble(requested, preamble);
      }
      const { target, schema, format } = preamble;
      let { prefs } = preamble;
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      let planned = preamble.read;
      if (!planned) {
        const body = readBody(request, target.rpc);
        const insert = isRead
          ? undefined
          : PlanCache.insertKey(request, PlanCache.key(requested, variant), target, prefs, body);
        const template = insert && plans.insert(insert.key);
        if (insert && template) planned = PlanCache.withBody(template, insert.payload);
        else {
          // Planning may drop a resolution the table cannot use: this request's own copy.
          prefs = { ...prefs, applied: [...prefs.applied] };
          planned = planRequest({
            cache,
            schema,
            ...target,
            method: request.method,
            query: request.query,
            body,
            prefs,
            singular: format.singular,
            format,
            rawBody: target.rpc ? rawRpcBody(request) : undefined,
            aggregatesEnabled: ctx.config.dbAggregatesEnabled,
            range: parseRangeHeader(preamble.range),
            postgrestVersion: ctx.config.postgrestVersion,
          });
          if (isRead) preamble.read = planned;
          else if (insert && planned.bodyIndex !== undefined)
            plans.setInsert(insert.key, PlanCache.withBody(planned, null));
        }
      }
      const info = {
        method: request.method,
        path: preamble.path,
        headersJson: forwardedHeadersJson(request),
        searchPath: preamble.searchPath,
        preRequest,
        statementTimeout: roleTimeouts[caller.role],
      };
      if (format.plan) {
        const body = await explain(ctx.db, caller, info, planned.plan, format.plan);
        return { status: 200, headers: { 'Content-Type': format.contentType }, body };
      }
      const outcome = await executeRouted(ctx, caller, info, planned.plan, {
        role: caller.role,
        target: `${target.rpc ? 'rpc/' : ''}${target.name}`,
        readOnly: planned.plan.readOnly && schema === exposedSchemas[0],
      });
      const response = responseFor(request, planned, outcome, prefs, format);
      // With more than one exposed schema PostgREST names the one that answered.
      // (responseFor builds a fresh headers object for every response.)
      if (exposedSchemas.length > 1 && response.headers)
        response.headers['Content-Profile'] = schema;
      return response;
    } catch (error) {
      return errorResponse(error, caller);
    }
  };
  return { handler, reload };
}

/**
 * Runs the plan on the read replica when it may serve this read (db/read-replica.ts: the
 * anonymous role's reads of the public targets, while the replica is within its lag), else on
 * the primary. A read the replica could not serve (gone, restarting, cancelled by replay) is run
 * again on the primary: it is read-only, so running it twice changes nothing.
 */
async function executeRouted(
  ctx: AppContext,
  caller: Caller,
  info: Parameters<typeof execute>[2],
  plan: Parameters<typeof execute>[3],
  read: { role: string; target: string; readOnly: boolean },
) {
  const replica = ctx.replica?.route(read);
  if (!replica) return execute(ctx.db, caller, info, plan);
  try {
    return await execute(replica, caller, info, plan);
  } catch (error) {
    if (!ctx.replica?.failed(error)) throw error;
    return execute(ctx.db, caller, info, plan);
  }
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
