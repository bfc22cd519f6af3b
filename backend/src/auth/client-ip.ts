import type { ApiRequest } from '../http/types.ts';
import { header } from './request.ts';

/**
 * The client's address for rate limits and sessions. Behind a reverse proxy every request comes
 * from the proxy, so RATE_LIMIT_HEADER names the header it sets; of a list (X-Forwarded-For) the
 * last entry is the one the proxy added, the earlier ones are whatever the client sent.
 */
export function clientIp(request: ApiRequest, rateLimitHeader: string | undefined): string {
  if (!rateLimitHeader) return request.ip;
  const entries = (header(request, rateLimitHeader) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-1) ?? request.ip;
}
