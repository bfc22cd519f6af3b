import { decodePathSegment } from '../http/input.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { ErrorCode } from './codes.ts';
import { AuthError, errorResponse } from './errors.ts';

/** A compiled route: method, path pattern with `:name` segments, and its handler. */
export interface Route<Context> {
  method: string;
  pattern: string;
  handle: (context: Context, params: Record<string, string>) => Promise<ApiResponse>;
}

interface Compiled<Context> extends Route<Context> {
  regex: RegExp;
  names: string[];
}

function compile<Context>(route: Route<Context>): Compiled<Context> {
  const names: string[] = [];
  const source = route.pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { ...route, regex: new RegExp(`^${source}/?$`), names };
}

/**
 * One route table per API surface (as GoTrue's chi router): finds the route, runs it, and turns
 * any thrown error into the API's error body. Unknown paths get GoTrue's 404; wrong methods 405.
 */
export function createRouter<Context>(
  routes: Route<Context>[],
  makeContext: (request: ApiRequest) => Context,
): (request: ApiRequest) => Promise<ApiResponse> {
  const compiled = routes.map(compile);
  return async (request) => {
    try {
      let pathMatched = false;
      for (const route of compiled) {
        const match = route.regex.exec(request.path);
        if (!match) continue;
        pathMatched = true;
        if (route.method !== request.method.toUpperCase()) continue;
        const params = Object.fromEntries(
          route.names.map((name, index) => [name, decodePathSegment(match[index + 1] ?? '')]),
        );
        return await route.handle(makeContext(request), params);
      }
      throw pathMatched
        ? new AuthError(405, ErrorCode.validationFailed, 'Method Not Allowed')
        : new AuthError(404, ErrorCode.notFound, 'Not Found');
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}
