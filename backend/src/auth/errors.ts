import { MalformedInputError, type MalformedAnswer } from '../http/input.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { ErrorCode, type ErrorCodeValue } from './codes.ts';

/** The API version header auth-js sends; with it, GoTrue answers errors in the newer shape. */
export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

/**
 * An error a service throws; only the edge (errorResponse) turns it into HTTP.
 * `extra` carries additional body fields GoTrue sends, e.g. weak_password.reasons.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCodeValue,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const badRequest = (code: ErrorCodeValue, message: string) =>
  new AuthError(400, code, message);
export const unprocessable = (code: ErrorCodeValue, message: string) =>
  new AuthError(422, code, message);
export const notFound = (code: ErrorCodeValue, message: string) =>
  new AuthError(404, code, message);

/** True when the client asked for the 2024-01-01 (or later) API version. */
export function wantsNewApi(request: Pick<ApiRequest, 'headers'>): boolean {
  const value = request.headers[API_VERSION_HEADER];
  const version = Array.isArray(value) ? value[0] : value;
  return typeof version === 'string' && version >= API_VERSION_2024;
}

const malformedCodes = {
  invalid_json: ErrorCode.badJson,
  invalid_path: ErrorCode.validationFailed,
  too_large: ErrorCode.requestTooLarge,
} as const;

function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof MalformedInputError)
    return new AuthError(error.status, malformedCodes[error.kind], error.message);
  // Operators get the cause; the client a generic message. Only name, code and message are
  // logged: driver errors also carry the query parameters (password hashes, tokens).
  const { name, message, code } = (error ?? {}) as {
    name?: string;
    message?: string;
    code?: string;
  };
  console.error(
    `auth: unexpected error ${name ?? 'Error'} ${code ?? ''}: ${message ?? String(error)}`,
  );
  return new AuthError(500, ErrorCode.unexpectedFailure, 'Internal server error');
}

/**
 * The one function that shapes every auth error body.
 * 2024-01-01: `{code, message}` plus the version header (auth-js reads `code` only when the
 * header comes back). Legacy: `{code: <status>, error_code, msg}`.
 */
export function errorResponse(error: unknown, request: Pick<ApiRequest, 'headers'>): ApiResponse {
  const authError = toAuthError(error);
  const { status, code, message, extra } = authError;
  if (wantsNewApi(request)) {
    return {
      status,
      headers: { 'X-Supabase-Api-Version': API_VERSION_2024 },
      body: { code, message, ...extra },
    };
  }
  return { status, body: { code: status, error_code: code, msg: message, ...extra } };
}

/** /auth/v1's answer to malformed input, in GoTrue's error shape. */
export const malformedAuth: MalformedAnswer = (error, request) => errorResponse(error, request);
