/**
 * The login and registration error catalogue: what the server says -> what the
 * user is shown (in a toast and stored as the error).
 */
export const SUSPENDED_ACCOUNT_MESSAGE =
  'Your account has been suspended. Please contact support if you think this is a mistake.';

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.';

export function authErrorMessage(serverMessage: string | null | undefined): string {
  if (!serverMessage) return 'An unexpected error occurred';
  if (serverMessage === 'Invalid login credentials') return 'Invalid email or password';
  if (serverMessage === 'Email not confirmed') {
    return 'Please check your email and click the confirmation link';
  }
  if (serverMessage === 'User already registered')
    return 'An account with this email already exists';
  // GoTrue's answer for a suspended (banned) account; 'User is banned' alone reads as an error.
  if (serverMessage === 'User is banned') return SUSPENDED_ACCOUNT_MESSAGE;
  // GoTrue's weak_password answer (reason `pwned`) for a password known from breaches.
  if (serverMessage.startsWith('Password is known to be weak')) return COMMON_PASSWORD_MESSAGE;
  if (serverMessage.startsWith('Password should be'))
    return 'Password must be at least 6 characters';
  if (serverMessage === 'Network request failed' || serverMessage === 'Failed to fetch') {
    return 'Network error. Please check your connection';
  }
  return serverMessage;
}
