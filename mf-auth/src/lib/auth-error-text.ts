import { authErrorMessage } from '@promatch/shared';

interface ErrorShape {
  message?: unknown;
  status?: unknown;
  code?: unknown;
  name?: unknown;
}

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * What the user is shown for an auth failure: the shared catalogue (`authErrorMessage`), plus a
 * clear message for rate limiting (429) and for network failures, never a crash or a raw stack.
 */
export function authErrorText(error: unknown): string {
  const shape = (error ?? {}) as ErrorShape;
  if (
    shape.status === 429 ||
    shape.code === 'over_request_rate_limit' ||
    shape.code === 'over_email_send_rate_limit'
  ) {
    return RATE_LIMIT_MESSAGE;
  }
  if (
    shape.name === 'AuthRetryableFetchError' &&
    (shape.status === 0 || shape.status === undefined)
  ) {
    return authErrorMessage('Network request failed');
  }
  return authErrorMessage(typeof shape.message === 'string' ? shape.message : undefined);
}
