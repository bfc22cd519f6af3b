import type { ApiRequest, ApiResponse } from './types.ts';

/**
 * The request layer every surface shares: the JSON body and `%`-escaped path segments are read
 * here and nowhere else. Malformed input throws MalformedInputError; each surface answers it in
 * its own error shape (its mount's `malformed` in mounts.ts), always a 4xx, never a 500.
 */
export type MalformedKind = 'invalid_json' | 'invalid_path' | 'too_large';

export class MalformedInputError extends Error {
  constructor(
    readonly kind: MalformedKind,
    message: string,
  ) {
    super(message);
    this.name = 'MalformedInputError';
  }

  get status(): number {
    return this.kind === 'too_large' ? 413 : 400;
  }
}

/** How a surface answers malformed input: its own status, headers and error body. */
export type MalformedAnswer = (
  error: MalformedInputError,
  request: Pick<ApiRequest, 'headers'>,
) => ApiResponse;

export const bodyTooLarge = () =>
  new MalformedInputError('too_large', 'Request body is larger than the server accepts');

export interface JsonBodyOptions {
  /** What an empty (or all-whitespace) body means; without it, an empty body is malformed. */
  empty?: unknown;
}

/**
 * The deepest JSON nesting a body may have. Far beyond anything this API's callers send, and well
 * inside what the layers behind can take: zod and the handlers walk bodies recursively, and
 * PostgreSQL's jsonb parser stops at its stack depth limit; ten thousand levels used to reach one
 * of them and answer 500.
 */
export const MAX_JSON_DEPTH = 128;

/** Throws when JSON text nests arrays and objects deeper than MAX_JSON_DEPTH (one pass, no parse). */
function checkJsonDepth(text: string): void {
  if (text.length <= MAX_JSON_DEPTH) return; // too short to nest that deep
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > MAX_JSON_DEPTH)
        throw new MalformedInputError(
          'invalid_json',
          `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`,
        );
    } else if (c === 125 || c === 93) depth--;
  }
}

/** Whether a parsed JSON value holds U+0000 in any string or key. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsNul);
  return Object.entries(value).some(([key, item]) => key.includes('\0') || holdsNul(item));
}

/**
 * Throws when parsed JSON carries U+0000: neither PostgreSQL's text nor its jsonb can hold it, so
 * it would fail deep in a query as a 500. Only text that spells the escape can carry one (a raw
 * NUL is not valid JSON), so most bodies are never walked.
 */
function checkNoNul(text: string, value: unknown): void {
  if (text.includes('\\u0000') && holdsNul(value))
    throw new MalformedInputError(
      'invalid_json',
      'The JSON body contains a NUL character (\\u0000), which no text field can hold',
    );
}

/** The request body parsed as JSON, within MAX_JSON_DEPTH and without NUL characters. */
export function readJsonBody(request: Pick<ApiRequest, 'body'>, options: JsonBodyOptions = {}) {
  const text = request.body.toString('utf8');
  if (text.trim() === '') {
    if ('empty' in options) return options.empty;
    throw new MalformedInputError('invalid_json', 'The request body is empty; JSON was expected');
  }
  checkJsonDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new MalformedInputError(
      'invalid_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  checkNoNul(text, value);
  return value;
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * For a surface that hands the body on unparsed (edge functions read their own): a JSON body is
 * held to the same depth and NUL limits as every parsed one. A body that is not JSON at all is
 * left to the function, which answers it in its own words.
 */
export function checkJsonRequestBody(request: Pick<ApiRequest, 'body' | 'headers'>): void {
  const type = request.headers['content-type'];
  if (request.body.length === 0 || typeof type !== 'string' || !JSON_MEDIA.test(type)) return;
  const text = request.body.toString('utf8');
  checkJsonDepth(text);
  if (!text.includes('\\u0000')) return;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return;
  }
  checkNoNul(text, value);
}

/**
 * Throws for a query string that carries a NUL character (`%00`): no parameter of any surface can
 * hold one, and PostgreSQL refuses it in text, which would answer 500 from deep in a query.
 */
export function checkQueryString(search: string): void {
  if (search.includes('%00'))
    throw new MalformedInputError(
      'invalid_path',
      'The query string contains a NUL character (%00), which no parameter can hold',
    );
}

/** The request body as a JSON object; an empty body counts as `{}`. */
export function readJsonObject(request: Pick<ApiRequest, 'body'>): Record<string, unknown> {
  const value = readJsonBody(request, { empty: {} });
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new MalformedInputError(
      'invalid_json',
      'Could not parse request body as JSON: expected an object',
    );
  }
  return value as Record<string, unknown>;
}

/** One `%`-escaped path segment, decoded; `%zz` or a broken UTF-8 sequence is malformed. */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MalformedInputError('invalid_path', 'Invalid percent-encoding in the request path');
  }
}

/** The non-empty segments of a path below a surface's prefix, each decoded. */
export const pathSegments = (path: string): string[] =>
  path.split('/').filter(Boolean).map(decodePathSegment);
