import { authErrorMessage } from '@promatch/shared';

interface ErrorShape {
  message?: unknown;
  status?: unknown;
  code?: unknown;
  name?: unknown;
}

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

export const CAPTCHA_FAILED_MESSAGE =
  'The security check was not accepted. Please complete it again and retry.';

/** GoTrue's words for phone-factor codes, said for people. */
const PHONE_MESSAGES: Record<string, string> = {
  'Invalid MFA Phone code entered': 'That code is not right. Check the text message and try again.',
  'Invalid phone number format (E.164 required)': 'Please enter a valid UK mobile number.',
  'SMS rate limit exceeded': 'Too many codes have been sent. Please wait an hour and try again.',
};

/**
 * What the user is shown for an auth failure: the shared catalogue (`authErrorMessage`), plus a
 * clear message for rate limiting (429) and for network failures, never a crash or a raw stack.
 */
export function authErrorText(error: unknown): string {
  const shape = (error ?? {}) as ErrorShape;
  if (shape.code === 'captcha_failed') return CAPTCHA_FAILED_MESSAGE;
  const message = typeof shape.message === 'string' ? shape.message : '';
  // "For security purposes, you can only request this after 60 seconds." says what to do.
  if (shape.code === 'over_sms_send_rate_limit' && message.startsWith('For security purposes'))
    return message;
  if (PHONE_MESSAGES[message]) return PHONE_MESSAGES[message];
  if (
    shape.status === 429 ||
    shape.code === 'over_request_rate_limit' ||
    shape.code === 'over_email_send_rate_limit' ||
    shape.code === 'over_sms_send_rate_limit'
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
