import type { AppContext } from '../app-context.ts';
import { CallerError, identifyCaller } from '../http/caller.ts';
import { checkJsonRequestBody, decodePathSegment, type MalformedAnswer } from '../http/input.ts';
import { withForwardedFor } from '../http/forwarded.ts';
import type { ApiHandler, ApiRequest, ApiResponse } from '../http/types.ts';
import { projectSettings } from '../config/project-settings.ts';
import { loadFunction } from './loader.ts';

const errorBody = (status: number, code: string, message: string): ApiResponse => ({
  status,
  body: { code, message },
});

/** /functions/v1's answer to malformed input, in its `{code, message}` shape. */
export const malformedFunctions: MalformedAnswer = (error) =>
  errorBody(
    error.status,
    error.kind === 'too_large' ? 'request_too_large' : error.kind,
    error.message,
  );

function toWebRequest(request: ApiRequest, publicUrl: string, name: string, rest: string): Request {
  const url = new URL(`${publicUrl}/functions/v1/${name}${rest}`);
  url.search = request.query.toString();
  const headers = new Headers();
  for (const [key, value] of Object.entries(withForwardedFor(request))) {
    if (value === undefined || key === 'host' || key === 'content-length') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = !['GET', 'HEAD'].includes(request.method) && request.body.length > 0;
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body) : undefined,
  });
}

async function fromWebResponse(response: Response): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    // The server sends CORS for every surface; a function's own CORS headers (needed on the edge
    // runtime) would otherwise repeat them, and browsers reject a doubled Allow-Origin.
    if (!key.startsWith('access-control-')) headers[key] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers, body };
}

/**
 * /functions/v1/<name>[/...]: verifies the caller's JWT (as Supabase does by default, unless
 * supabase/config.toml says `verify_jwt = false` for the function), then runs
 * supabase/functions/<name>/index.ts's default export in-process. Functions reach the database
 * exactly as on hosted Supabase: supabase-js with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY,
 * which main.ts points at this server.
 */
export function createFunctionsHandler(ctx: AppContext): ApiHandler {
  return async (request) => {
    const [, rawName = '', ...rest] = request.path.split('/');
    const name = decodePathSegment(rawName);
    if (!projectSettings(ctx.config.supabaseDir).functionsWithoutJwt.has(name)) {
      try {
        await identifyCaller(ctx.keys, request.headers);
      } catch (error) {
        if (error instanceof CallerError) return errorBody(401, 'unauthorized', error.message);
        throw error;
      }
    }
    let handler;
    try {
      handler = await loadFunction(ctx.config.functionsDir, name);
    } catch (error) {
      console.error(`[functions] ${name} failed to load:`, error);
      return {
        status: 500,
        headers: { 'x-relay-error': 'true' },
        body: { code: 'boot_error', message: 'Function failed to start' },
      };
    }
    if (!handler) return errorBody(404, 'not_found', 'Requested function was not found');
    // The function parses its own body; the limits every other surface's body has still apply.
    checkJsonRequestBody(request);
    try {
      const suffix = rest.length > 0 ? `/${rest.join('/')}` : '';
      return await fromWebResponse(
        await handler(toWebRequest(request, ctx.config.publicUrl, name, suffix)),
      );
    } catch (error) {
      console.error(`[functions] ${name} threw:`, error);
      return errorBody(500, 'function_error', 'Function threw an uncaught error');
    }
  };
}
