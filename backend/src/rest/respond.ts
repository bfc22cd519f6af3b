import { readJsonBody } from '../http/input.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { Outcome } from './execute.ts';
import type { OutputFormat } from './parse/media.ts';
import type { Preferences } from './parse/prefer.ts';
import type { PlannedRequest } from './plan.ts';
import { rangeStatus } from './parse/range.ts';

/** A non-JSON rpc body, for a function with a single unnamed text, xml or bytea parameter. */
export interface RawBody {
  type: 'text' | 'xml' | 'bytea';
  value: string;
}

const rawTypes: Record<string, RawBody['type']> = {
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
};

/** The rpc body's media type when it is not JSON (text/plain, text/xml, octet-stream). */
export function rawRpcBody(request: ApiRequest): RawBody | undefined {
  if (request.method !== 'POST') return undefined;
  const header = request.headers['content-type'];
  const base = (Array.isArray(header) ? header[0] : (header ?? '')).split(';')[0].trim();
  const type = rawTypes[base.toLowerCase()];
  if (!type) return undefined;
  // bytea travels as hex text (`\x…`), cast by the statement like every other argument.
  const value =
    type === 'bytea' ? `\\x${request.body.toString('hex')}` : request.body.toString('utf8');
  return { type, value };
}

/** The JSON request body; empty means {} for rpc and is an error for writes (PGRST102). */
export function readBody(request: ApiRequest, rpc: boolean): unknown {
  if (!['POST', 'PATCH', 'PUT'].includes(request.method)) return undefined;
  if (rpc && rawRpcBody(request)) return undefined;
  return readJsonBody(request, rpc ? { empty: {} } : {});
}

/** `0-9/57`; inserts and deletes give no range, only the count (`*\/2`), as PostgREST does. */
function contentRange(method: string, start: number, outcome: Outcome): string {
  const ranged = outcome.pageTotal > 0 && method !== 'POST' && method !== 'DELETE';
  const range = ranged ? `${start}-${start + outcome.pageTotal - 1}` : '*';
  return `${range}/${outcome.total ?? '*'}`;
}

/**
 * 201 for an insert, except an upsert that merged into existing rows only (200, PostgREST 12);
 * 200 for an update or delete that returns rows, 204 when it returns none.
 */
function mutationStatus(
  method: string,
  planned: PlannedRequest,
  outcome: Outcome,
  prefs: Preferences,
): number {
  if (method !== 'POST') return planned.returnsBody ? 200 : 204;
  const mergedOnly = prefs.resolution === 'merge-duplicates' && outcome.inserted === 0;
  return mergedOnly ? 200 : 201;
}

/** Status, headers and body for a successful request, as PostgREST answers it. */
export function responseFor(
  request: ApiRequest,
  planned: PlannedRequest,
  outcome: Outcome,
  prefs: Preferences,
  format: OutputFormat,
): ApiResponse {
  const { singular } = format;
  const headers: Record<string, string> = {
    'Content-Range': contentRange(
      planned.kind === 'rpc' ? 'GET' : request.method,
      planned.start,
      outcome,
    ),
    'Content-Type': format.contentType,
  };
  if (prefs.applied.length > 0) headers['Preference-Applied'] = prefs.applied.join(', ');
  if (planned.kind === 'mutation') {
    const status = mutationStatus(request.method, planned, outcome, prefs);
    if (!planned.returnsBody) return { status, headers };
    return { status, headers, body: outcome.body ?? (singular ? 'null' : '[]') };
  }
  if (planned.returnsVoid) return { status: 204, headers };
  // 206 when a known total holds more rows than the answer, 416 past its end (PostgREST).
  const status = rangeStatus(planned.start, outcome.pageTotal, outcome.total);
  if (request.method === 'HEAD') return { status, headers };
  return { status, headers, body: outcome.body ?? 'null' };
}
