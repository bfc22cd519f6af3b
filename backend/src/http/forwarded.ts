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
