/**
 * One error shape for PostgREST, GoTrue, Functions and network failures, so a component handles
 * every failure the same way whichever service it came from.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number | undefined,
    readonly details?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

interface ErrorLike {
  message?: unknown;
  msg?: unknown;
  code?: unknown;
  error_code?: unknown;
  status?: unknown;
  details?: unknown;
}

/** PostgREST `{code, details, hint, message}` and GoTrue `{code, error_code, msg}` become AppError. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const like = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const message = [like.message, like.msg].find((value) => typeof value === 'string' && value) as
    string | undefined;
  const code = [like.error_code, like.code].find((value) => typeof value === 'string') as
    string | undefined;
  return new AppError(
    message ?? (typeof error === 'string' ? error : 'An unexpected error occurred'),
    code,
    typeof like.status === 'number' ? like.status : undefined,
    typeof like.details === 'string' ? like.details : undefined,
  );
}
