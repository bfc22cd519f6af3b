import type { IncomingHttpHeaders } from 'node:http';

/** A request as an API surface sees it, with the body already read (bounded by maxBodyBytes). */
export interface ApiRequest {
  method: string;
  /** Path below the surface's prefix, e.g. '/token' for POST /auth/v1/token. */
  path: string;
  query: URLSearchParams;
  /** The query string as sent (`?a=1&b=2`, or ''), when the server has it: a cheap cache key. */
  search?: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Client IP, for rate limits. */
  ip: string;
}

export interface ApiResponse {
  status: number;
  headers?: Record<string, string>;
  /** Objects and arrays are sent as JSON; strings and Buffers as they are; undefined as no body. */
  body?: unknown;
}

export type ApiHandler = (request: ApiRequest) => Promise<ApiResponse>;
