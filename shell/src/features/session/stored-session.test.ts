import { readStoredSession } from './stored-session';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const nowSeconds = Math.floor(NOW / 1000);
const USER_ID = '5f0c8a52-1b7e-4f3e-9d55-3f1f2b6a7c11';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: object) => `${base64url({ alg: 'HS256' })}.${base64url(claims)}.signature`;

function store(
  storage: Storage,
  {
    expiresIn = 3600,
    claims = {},
    user = {},
    key = 'sb-localhost-auth-token',
  }: { expiresIn?: number; claims?: object; user?: object; key?: string } = {},
) {
  const exp = nowSeconds + expiresIn;
  storage.setItem(
    key,
    JSON.stringify({
      access_token: token({ sub: USER_ID, exp, aal: 'aal1', ...claims }),
      refresh_token: 'refresh',
      expires_at: exp,
      user: { id: USER_ID, email: 'ana@example.com', user_metadata: {}, ...user },
    }),
  );
}

beforeEach(() => localStorage.clear());

test('a stored session with an hour left gives its user', () => {
  store(localStorage);
  expect(readStoredSession(localStorage, NOW)?.user.email).toBe('ana@example.com');
});

test('a token about to expire (under five minutes) or expired is left to the refresh', () => {
  store(localStorage, { expiresIn: 120 });
  expect(readStoredSession(localStorage, NOW)).toBeNull();
  store(localStorage, { expiresIn: -60 });
  expect(readStoredSession(localStorage, NOW)).toBeNull();
});

test('a token naming another user, or no token at all, is not used', () => {
  store(localStorage, { claims: { sub: 'someone-else' } });
  expect(readStoredSession(localStorage, NOW)).toBeNull();
  localStorage.setItem('sb-localhost-auth-token', JSON.stringify({ user: { id: USER_ID } }));
  expect(readStoredSession(localStorage, NOW)).toBeNull();
  localStorage.setItem('sb-localhost-auth-token', 'not json');
  expect(readStoredSession(localStorage, NOW)).toBeNull();
});

test('an account with a verified second factor counts only with an aal2 token', () => {
  const factors = [{ id: 'f1', status: 'verified', factor_type: 'totp' }];
  store(localStorage, { user: { factors } });
  expect(readStoredSession(localStorage, NOW)).toBeNull();
  store(localStorage, { user: { factors }, claims: { aal: 'aal2' } });
  expect(readStoredSession(localStorage, NOW)?.user.id).toBe(USER_ID);
});

test('two stored sessions (two backends) are left to supabase-js', () => {
  store(localStorage);
  store(localStorage, { key: 'sb-other-auth-token' });
  expect(readStoredSession(localStorage, NOW)).toBeNull();
});

test('nothing stored gives nothing', () => {
  localStorage.setItem('sb-localhost-auth-token-code-verifier', 'x');
  expect(readStoredSession(localStorage, NOW)).toBeNull();
});
