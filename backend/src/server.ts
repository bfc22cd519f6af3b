import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AppContext } from './app-context.ts';
import { emptyBody, hasNoBody, readRequestBody } from './http/body.ts';
import { corsHeaders, corsPreflightHeaders } from './http/cors.ts';
import { checkQueryString, MalformedInputError, type MalformedAnswer } from './http/input.ts';
import { clientAddress } from './http/client-address.ts';
import { apiSecurityHeaders } from './http/security-headers.ts';
import type { ApiHandler, ApiRequest, ApiResponse } from './http/types.ts';
import { requestTimingEnabled, timeRequest } from './http/request-timing.ts';

/** An API surface: its prefix, its handler and how it answers malformed input. */
export interface Mount {
  prefix: string;
  handler: ApiHandler;
  /**
   * The surface's own error shape for malformed input: an oversized body (413), and any
   * MalformedInputError its handler lets through (a bad JSON body or `%`-escape, 400).
   */
  malformed: MalformedAnswer;
  /** A larger body limit than config.maxBodyBytes for this surface (storage uploads). */
  maxBodyBytes?: number;
}

/** Header name/value pairs, flat and lower-cased, as res.writeHead takes them. */
const flatPairs = (headers: Record<string, string>) =>
  Object.entries(headers).flatMap(([key, value]) => [key.toLowerCase(), value]);
const actualCors = flatPairs({ ...corsHeaders, ...apiSecurityHeaders });
const preflightCors = flatPairs({ ...corsPreflightHeaders, ...apiSecurityHeaders });

// Surfaces name the same few headers again and again: each name is lower-cased once.
const lowerNames = new Map<string, string>();
function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < 500) lowerNames.set(name, lower);
  }
  return lower;
}

function indexOfHeader(pairs: string[], name: string): number {
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === name) return i;
  return -1;
}

/**
 * The CORS headers and the surface's own, lower-cased, as one flat list (what res.writeHead
 * takes without building an object per response). Names compare case-insensitively: a
 * surface's 'Content-Type' replaces, not repeats, a 'content-type' already there.
 */
function responseHeaders(own: Record<string, string> | undefined, preflight: boolean): string[] {
  const pairs = (preflight ? preflightCors : actualCors).slice();
  if (!own) return pairs;
  for (const key in own) {
    const name = lowerName(key);
    const at = indexOfHeader(pairs, name);
    if (at === -1) pairs.push(name, own[key]);
    else pairs[at + 1] = own[key];
  }
  return pairs;
}

function send(res: ServerResponse, response: ApiResponse, head: boolean, preflight = false) {
  const headers = responseHeaders(response.headers, preflight);
  // Text goes to the socket as text: copying it into a Buffer first costs a second pass over
  // a large JSON page.
  let payload: Buffer | string | undefined;
  const { body } = response;
  if (Buffer.isBuffer(body) || typeof body === 'string') payload = body;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) {
    if (indexOfHeader(headers, 'content-type') === -1)
      headers.push('content-type', 'application/json; charset=utf-8');
    const length = String(
      typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length,
    );
    // The length of what is sent, whatever a surface said.
    const at = indexOfHeader(headers, 'content-length');
    if (at === -1) headers.push('content-length', length);
    else headers[at + 1] = length;
  }
  res.writeHead(response.status, headers);
  res.end(head ? undefined : payload);
}

function findMount(mounts: Mount[], pathname: string): { mount: Mount; rest: string } | undefined {
  for (const mount of mounts) {
    const { prefix } = mount;
    if (
      pathname.startsWith(prefix) &&
      (pathname.length === prefix.length || pathname.charCodeAt(prefix.length) === 47) // '/'
    ) {
      return { mount, rest: pathname.slice(prefix.length) || '/' };
    }
  }
  return undefined;
}

const BASE = 'http://localhost';

/**
 * A target the URL parser would give back unchanged: a path of letters, digits, `_`, `-` and
 * single slashes (nothing it normalises: no dot segments, `%`-escapes, backslashes or `//`),
 * then a query of printable ASCII it leaves as it is (no space, `"`, `#`, `'`, `<`, `>`).
 * Such a target is split by hand, and the query parsed only when a surface asks for it.
 */
const PLAIN_TARGET = /^((?:\/[\w-]+)+\/?|\/)(\?[!$%&(-;=?-~]*)?$/;

/**
 * The parts of the request target a surface reads. A class, not an object with closures: the
 * server runs under tsx, whose esbuild output names every closure it creates (a property
 * definition per request).
 */
class Target {
  private params: URLSearchParams | undefined;
  constructor(
    readonly pathname: string,
    /** `?…` as the URL parser gives it, or ''. */
    readonly search: string,
    private readonly raw: string,
    url?: URL,
  ) {
    this.params = url?.searchParams;
  }

  get searchParams(): URLSearchParams {
    return (this.params ??= new URL(this.raw, BASE).searchParams);
  }
}

function parseTarget(req: IncomingMessage): Target | undefined {
  const raw = req.url ?? '/';
  const plain = PLAIN_TARGET.exec(raw);
  if (plain) {
    const query = plain[2];
    return new Target(plain[1], query === undefined || query === '?' ? '' : query, raw);
  }
  try {
    const url = new URL(raw, BASE);
    return new Target(url.pathname, url.search, raw, url);
  } catch {
    return undefined; // e.g. an absolute-form target that is not a URL
  }
}

/** The request a surface's handler gets (a class, for the same reason as Target). */
class SurfaceRequest implements ApiRequest {
  constructor(
    readonly method: string,
    readonly path: string,
    private readonly target: Target,
    readonly headers: IncomingMessage['headers'],
    readonly body: Buffer,
    readonly ip: string,
  ) {}

  // Built when first asked for: a read whose plan is cached never needs it.
  get query(): URLSearchParams {
    return this.target.searchParams;
  }

  get search(): string {
    return this.target.search;
  }
}

/**
 * The read replica's last measured state (db/read-replica.ts), when there is one: whether it
 * serves reads and how far behind the primary it is. Read from memory, so /health stays free.
 */
function replicaHealth(ctx: AppContext) {
  return ctx.replica ? { replica: ctx.replica.status() } : {};
}

/**
 * GET /health?deep=1 (the testing portal): one database round trip, timed. 503 when the database
 * does not answer, so a monitor sees the server up but unable to serve.
 */
async function deepHealth(ctx: AppContext): Promise<ApiResponse> {
  const started = performance.now();
  try {
    await ctx.db.query('select 1');
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return {
      status: 200,
      body: {
        status: 'ok',
        db: ctx.db.kind,
        database: { ok: true, latencyMs },
        ...replicaHealth(ctx),
      },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      status: 503,
      body: {
        status: 'degraded',
        db: ctx.db.kind,
        database: { ok: false, error: message },
        ...replicaHealth(ctx),
      },
    };
  }
}

async function dispatch(
  ctx: AppContext,
  mounts: Mount[],
  req: IncomingMessage,
  res: ServerResponse,
) {
  const url = parseTarget(req);
  if (!url) return send(res, { status: 400, body: { message: 'Invalid request target' } }, false);
  // Node's parser gives the method in capitals already; anything else is upper-cased as before.
  const given = req.method ?? 'GET';
  const method = given === 'GET' || given === 'POST' ? given : given.toUpperCase();
  if (method === 'OPTIONS') return send(res, { status: 204 }, false, true);
  if (url.pathname === '/health') {
    if (url.searchParams.get('deep') !== '1')
      return send(
        res,
        { status: 200, body: { status: 'ok', db: ctx.db.kind, ...replicaHealth(ctx) } },
        false,
      );
    return send(res, await deepHealth(ctx), false);
  }
  const found = findMount(mounts, url.pathname);
  if (!found)
    return send(
      res,
      { status: 404, body: { message: 'no Route matched with those values' } },
      false,
    );
  const { mount } = found;
  let response: ApiResponse;
  try {
    checkQueryString(url.search);
    // A bodiless request (most reads) goes on without waiting for a promise.
    const body = hasNoBody(req)
      ? emptyBody
      : await readRequestBody(req, mount.maxBodyBytes ?? ctx.config.maxBodyBytes);
    const request = new SurfaceRequest(
      method,
      found.rest,
      url,
      req.headers,
      body,
      clientAddress(req, ctx.config.clientAddressHeader),
    );
    response = requestTimingEnabled
      ? await timeRequest(method, url.pathname, () => mount.handler(request))
      : await mount.handler(request);
  } catch (error) {
    if (!(error instanceof MalformedInputError)) throw error;
    response = mount.malformed(error, req);
  }
  send(res, response, method === 'HEAD');
}

/**
 * The node:http server: CORS, /health, a body limit, and one mount per API surface. Malformed
 * input reaches the client as its surface's 4xx, whichever layer noticed it.
 */
export function createServer(ctx: AppContext, mounts: Mount[]): http.Server {
  const server = http.createServer((req, res) => {
    dispatch(ctx, mounts, req, res).catch((error: unknown) => {
      console.error('[server] unhandled error:', error);
      if (!res.headersSent)
        send(res, { status: 500, body: { message: 'Internal server error' } }, false);
      else res.end();
    });
  });
  server.on('clientError', answerUnparsable);
  return server;
}

/**
 * A request Node cannot parse (a request line or headers over its 16 KiB limit, a malformed
 * request line) never reaches a mount. Node would close with a bare status and no body; the
 * client gets a JSON answer instead.
 */
function answerUnparsable(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) return socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const message = tooLarge
    ? 'Request line or headers too large: send long filters in fewer, shorter parameters'
    : 'Malformed HTTP request';
  // The request's target may not be in the packet Node kept, so one shape for every surface:
  // PostgREST's, whose `message` is also the field the other surfaces' clients read.
  const body = JSON.stringify({ code: 'PGRST100', details: null, hint: null, message });
  const head = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    ...Object.entries({ ...corsHeaders, ...apiSecurityHeaders }).map(
      ([name, value]) => `${name}: ${value}`,
    ),
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
