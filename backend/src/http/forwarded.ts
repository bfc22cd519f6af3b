import type { IncomingHttpHeaders } from 'node:http';
import type { ApiRequest } from './types.ts';

/**
 * The request's headers with the client's address appended to X-Forwarded-For, as a proxy
 * does: the database (request_ip()) and the edge functions trust only the last entry, so a
 * client cannot pick its own address for per-caller limits by sending the header itself.
 */
export function withForwardedFor(request: ApiRequest): IncomingHttpHeaders {
  const sent = request.headers['x-forwarded-for'];
  const earlier = Array.isArray(sent) ? sent.join(', ') : sent;
  if (!request.ip) return request.headers;
  return {
    ...request.headers,
    'x-forwarded-for': earlier ? `${earlier}, ${request.ip}` : request.ip,
  };
}

/**
 * `JSON.stringify(withForwardedFor(request))`, the text PostgREST's `request.headers` setting
 * takes, without copying the headers into a new object on every request. A request that sent
 * no X-Forwarded-For (the usual case) gets the entry appended to the JSON text, last, as the
 * copy would place it.
 */
export function forwardedHeadersJson(request: ApiRequest): string {
  if (!request.ip || request.headers['x-forwarded-for'] !== undefined)
    return JSON.stringify(withForwardedFor(request));
  const json = JSON.stringify(request.headers);
  const entry = `"x-forwarded-for":${JSON.stringify(request.ip)}}`;
  return json === '{}' ? `{${entry}` : `${json.slice(0, -1)},${entry}`;
}
