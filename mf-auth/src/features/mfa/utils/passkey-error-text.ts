import { authErrorText } from '../../../lib/auth-error-text';

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
}

/** The words for a failed passkey ceremony: the browser's refusals first, then the server's. */
export function passkeyErrorText(error: unknown): string {
  const shape = (error ?? {}) as ErrorShape;
  // supabase-js wraps the browser's DOMException in a WebAuthnError with an ERROR_* code.
  const ceremony = typeof shape.code === 'string' && shape.code.startsWith('ERROR_');
  if (ceremony || shape.name === 'NotAllowedError') {
    if (shape.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      return 'That passkey is already registered to your account.';
    }
    return 'The passkey prompt was cancelled or timed out. Try again.';
  }
  if (shape.code === 'mfa_factor_name_conflict')
    return 'You already have a passkey with that name.';
  if (shape.code === 'insufficient_aal') {
    return 'Sign in again with your existing second factor before adding a passkey.';
  }
  if (shape.code === 'mfa_verification_failed') {
    return 'The passkey could not be verified. Try again, or use another passkey.';
  }
  return authErrorText(error);
}
