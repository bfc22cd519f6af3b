import type http from 'node:http';

/**
 * The client's address, decided once per request for every surface (auth's limits, and the
 * X-Forwarded-For entry the database's request_ip() and the edge functions trust). Behind a
 * reverse proxy every request comes from the proxy, so `header` (RATE_LIMIT_HEADER) names the one
 * it sets; of a list (X-Forwarded-For) the last entry is the one the proxy added, the earlier ones
 * are whatever the client sent.
 */
export function clientAddress(req: http.IncomingMessage, header: string | undefined): string {
  const socket = req.socket.remoteAddress ?? '';
  if (!header) return socket;
  const value = req.headers[header];
  const entries = (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-1) ?? socket;
}
