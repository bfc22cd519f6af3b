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

/** The request body parsed as JSON. */
export function readJsonBody(request: Pick<ApiRequest, 'body'>, options: JsonBodyOptions = {}) {
  const text = request.body.toString('utf8');
  if (text.trim() === '') {
    if ('empty' in options) return options.empty;
    throw new MalformedInputError('invalid_json', 'The request body is empty; JSON was expected');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new MalformedInputError(
      'invalid_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
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
