import { authErrorText, RATE_LIMIT_MESSAGE } from './auth-error-text';

test.each([
  [{ message: 'Invalid login credentials', status: 400 }, 'Invalid email or password'],
  [
    { message: 'Email not confirmed', status: 400 },
    'Please check your email and click the confirmation link',
  ],
  [
    { message: 'User already registered', status: 422 },
    'An account with this email already exists',
  ],
  [{ message: 'Request rate limit reached', status: 429 }, RATE_LIMIT_MESSAGE],
  [
    {
      name: 'AuthWeakPasswordError',
      code: 'weak_password',
      status: 422,
      reasons: ['pwned'],
      message: 'Password is known to be weak and easy to guess, please choose a different one.',
    },
    'This password is too common and easy to guess. Please choose a different one.',
  ],
  [{ code: 'over_email_send_rate_limit', message: 'x' }, RATE_LIMIT_MESSAGE],
  [
    { name: 'AuthRetryableFetchError', status: 0, message: '{}' },
    'Network error. Please check your connection',
  ],
  [undefined, 'An unexpected error occurred'],
])('%p is shown as %p', (error, shown) => expect(authErrorText(error)).toBe(shown));
