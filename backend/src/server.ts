import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AppContext } from './app-context.ts';
import { BodyTooLargeError, readRequestBody } from './http/body.ts';
import { corsHeaders, corsPreflightHeaders } from './http/cors.ts';
import type { ApiHandler, ApiResponse } from './http/types.ts';

/** An API surface: its prefix, its handler and the body it answers an oversized request with. */
export interface Mount {
  prefix: string;
  handler: ApiHandler;
  tooLarge: ApiResponse;
  /** A larger body limit than config.maxBodyBytes for this surface (storage uploads). */
  maxBodyBytes?: number;
}

const lowerCaseKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
const actualCors = lowerCaseKeys(corsHeaders);
const preflightCors = lowerCaseKeys(corsPreflightHeaders);

function send(res: ServerResponse, response: ApiResponse, head: boolean, preflight = false) {
  // Case-insensitive merge: a surface's 'content-type' must replace, not repeat, 'Content-Type'.
  const headers: Record<string, string> = { ...(preflight ? preflightCors : actualCors) };
  if (response.headers) {
    for (const key in response.headers) headers[key.toLowerCase()] = response.headers[key];
  }
  let payload: Buffer | undefined;
  const { body } = response;
  if (Buffer.isBuffer(body)) payload = body;
  else if (typeof body === 'string') payload = Buffer.from(body);
  else if (body !== undefined) {
    payload = Buffer.from(JSON.stringify(body));
  }
  if (payload && !headers['content-type'])
    headers['content-type'] = 'application/json; charset=utf-8';
  if (payload) headers['content-length'] = String(payload.length);
  res.writeHead(response.status, headers);
  res.end(head ? undefined : payload);
}

function findMount(mounts: Mount[], pathname: string): { mount: Mount; rest: string } | undefined {
  for (const mount of mounts) {
    if (pathname === mount.prefix || pathname.startsWith(`${mount.prefix}/`)) {
      return { mount, rest: pathname.slice(mount.prefix.length) || '/' };
    }
  }
  return undefined;
}

async function dispatch(
  ctx: AppContext,
  mounts: Mount[],
  req: IncomingMessage,
  res: ServerResponse,
) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'OPTIONS') return send(res, { status: 204 }, false, true);
  if (url.pathname === '/health')
    return send(res, { status: 200, body: { status: 'ok', db: ctx.db.kind } }, false);
  const found = findMount(mounts, url.pathname);
  if (!found)
    return send(
      res,
      { status: 404, body: { message: 'no Route matched with those values' } },
      false,
    );
  let body: Buffer;
  try {
    body = await readRequestBody(req, found.mount.maxBodyBytes ?? ctx.config.maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return send(res, found.mount.tooLarge, false);
    throw error;
  }
  const response = await found.mount.handler({
    method,
    path: found.rest,
    query: url.searchParams,
    headers: req.headers,
    body,
    ip: req.socket.remoteAddress ?? '',
  });
  send(res, response, method === 'HEAD');
}

/** The node:http server: CORS, /health, a body limit, and one mount per API surface. */
export function createServer(ctx: AppContext, mounts: Mount[]): http.Server {
  return http.createServer((req, res) => {
    dispatch(ctx, mounts, req, res).catch((error: unknown) => {
      console.error('[server] unhandled error:', error);
      if (!res.headersSent)
        send(res, { status: 500, body: { message: 'Internal server error' } }, false);
      else res.end();
    });
  });
}
