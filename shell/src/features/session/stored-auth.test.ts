import { clearStoredAuth, isStoredAuthKey } from './stored-auth';

test('stored auth is keys starting supabase.auth. or containing sb-', () => {
  expect(isStoredAuthKey('sb-localhost-auth-token')).toBe(true);
  expect(isStoredAuthKey('supabase.auth.token')).toBe(true);
  expect(isStoredAuthKey('promatch.preferences')).toBe(false);
});

test('clearing removes only stored auth, from both storages', () => {
  localStorage.setItem('sb-localhost-auth-token', '{}');
  localStorage.setItem('promatch.preferences', '{}');
  sessionStorage.setItem('supabase.auth.code-verifier', 'x');
  clearStoredAuth();
  expect(localStorage.getItem('sb-localhost-auth-token')).toBeNull();
  expect(sessionStorage.getItem('supabase.auth.code-verifier')).toBeNull();
  expect(localStorage.getItem('promatch.preferences')).toBe('{}');
});
