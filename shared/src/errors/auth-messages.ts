/**
 * The login and registration error catalogue of spec section 8: what the server says -> what the
 * user is shown (in a toast and stored as the error).
 */
export function authErrorMessage(serverMessage: string | null | undefined): string {
  if (!serverMessage) return 'An unexpected error occurred';
  if (serverMessage === 'Invalid login credentials') return 'Invalid email or password';
  if (serverMessage === 'Email not confirmed') {
    return 'Please check your email and click the confirmation link';
  }
  if (serverMessage === 'User already registered')
    return 'An account with this email already exists';
  if (serverMessage.startsWith('Password should be'))
    return 'Password must be at least 6 characters';
  if (serverMessage === 'Network request failed' || serverMessage === 'Failed to fetch') {
    return 'Network error. Please check your connection';
  }
  return serverMessage;
}
