import { authErrorMessage } from './auth-messages';

test.each([
  ['Invalid login credentials', 'Invalid email or password'],
  ['Email not confirmed', 'Please check your email and click the confirmation link'],
  ['User already registered', 'An account with this email already exists'],
  ['Password should be at least 6 characters.', 'Password must be at least 6 characters'],
  [
    'Password is known to be weak and easy to guess, please choose a different one.',
    'This password is too common and easy to guess. Please choose a different one.',
  ],
  ['Network request failed', 'Network error. Please check your connection'],
  [
    'User is banned',
    'Your account has been suspended. Please contact support if you think this is a mistake.',
  ],
  ['Something odd', 'Something odd'],
  [undefined, 'An unexpected error occurred'],
])('%p is shown as %p', (server, shown) => {
  expect(authErrorMessage(server)).toBe(shown);
});
