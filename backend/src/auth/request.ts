import type { z } from 'zod';
import { readJsonObject } from '../http/input.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { ErrorCode } from './codes.ts';
import { AuthError } from './errors.ts';

/**
 * Parses the body with a zod schema; the first issue becomes a validation_failed error. An empty
 * body counts as `{}` (GoTrue reads it that way); malformed JSON is bad_json (errors.ts).
 */
export function parseBody<Schema extends z.ZodType>(
  request: ApiRequest,
  schema: Schema,
): z.infer<Schema> {
  const result = schema.safeParse(readJsonObject(request));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new AuthError(
    400,
    ErrorCode.validationFailed,
    `${where}${issue?.message ?? 'invalid request'}`,
  );
}

export function header(request: ApiRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The Bearer token of the Authorization header, if any. */
export function bearerToken(request: ApiRequest): string | undefined {
  const match = /^bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '');
  return match?.[1];
}

export const json = (
  body: unknown,
  status = 200,
  headers?: Record<string, string>,
): ApiResponse => ({
  status,
  body,
  headers: { 'Content-Type': 'application/json', ...headers },
});

export const noContent = (): ApiResponse => ({ status: 204 });
