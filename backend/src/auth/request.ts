import type { z } from 'zod';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { ErrorCode } from './codes.ts';
import { AuthError } from './errors.ts';

/** The request body as a JSON object; an empty body counts as `{}` (GoTrue reads it that way). */
export function readJson(request: ApiRequest): Record<string, unknown> {
  const text = request.body.toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AuthError(
      400,
      ErrorCode.badJson,
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthError(
      400,
      ErrorCode.badJson,
      'Could not parse request body as JSON: expected an object',
    );
  }
  return value as Record<string, unknown>;
}

/** Parses the body with a zod schema; the first issue becomes a validation_failed error. */
export function parseBody<Schema extends z.ZodType>(
  request: ApiRequest,
  schema: Schema,
): z.infer<Schema> {
  const result = schema.safeParse(readJson(request));
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
