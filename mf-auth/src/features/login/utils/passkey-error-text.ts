import { authErrorText } from '../../../lib/auth-error-text';

interface ErrorShape {
  name?: unknown;
  code?: unknown;
}

/** The words for a failed passkey step: the browser's refusals first, then the server's. */
export function passkeyErrorText(error: unknown): string {
  const shape = (error ?? {}) as ErrorShape;
  // supabase-js wraps the browser's DOMException in a WebAuthnError with an ERROR_* code.
  const ceremony = typeof shape.code === 'string' && shape.code.startsWith('ERROR_');
  if (ceremony || shape.name === 'NotAllowedError') {
    return 'The passkey prompt was cancelled or timed out. Try again, or use another passkey.';
  }
  if (shape.code === 'mfa_verification_failed') {
    return 'That passkey could not be verified. Try again, or use another passkey.';
  }
  if (shape.code === 'mfa_challenge_expired') {
    return 'The passkey request expired. Try again.';
  }
  return authErrorText(error);
}
