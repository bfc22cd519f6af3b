/** Browsers call functions cross-origin; the edge runtime leaves CORS to the function. */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * The answer to a CORS preflight (204) or to any method but POST (405, `body` with the error
 * added); null for a POST, which the function goes on to handle.
 */
export function answerIfNotPost(
  request: Request,
  body: Record<string, unknown> = {},
): Response | null {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: corsHeaders });
  if (request.method !== 'POST') {
    return json(405, { ...body, error: 'Method not allowed' }, { Allow: 'POST, OPTIONS' });
  }
  return null;
}

/** The request's JSON body; undefined when it is missing or not JSON, for the schema to refuse. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/**
 * The caller's network address as the nearest proxy saw it: the last X-Forwarded-For entry
 * (the ones before it are whatever the client sent). 'unknown' when there is none.
 */
export function callerAddress(request: Request): string {
  const last = request.headers.get('x-forwarded-for')?.split(',').pop()?.trim();
  return last || 'unknown';
}
