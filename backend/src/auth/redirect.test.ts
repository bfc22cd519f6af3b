import { isAllowedRedirect, safeRedirect } from './redirect.ts';

const config = {
  siteUrl: 'http://localhost:3000',
  redirectAllowList: ['https://app.promatch.co.uk/auth', 'http://localhost:300*/**'],
};

describe('redirect allow-list', () => {
  it.each([
    'http://localhost:3000',
    'http://localhost:3000/reset-password?x=1',
    'https://app.promatch.co.uk/auth',
    'https://app.promatch.co.uk/auth/callback',
    'http://localhost:3002/login',
  ])('allows %s', (url) => expect(isAllowedRedirect(url, config)).toBe(true));

  it.each([
    'https://evil.example.com/',
    'http://localhost:3000.evil.com/',
    'https://app.promatch.co.uk/authx',
    'https://app.promatch.co.uk.evil.com/auth',
    'http://user:pass@localhost:3000/',
    'javascript:alert(1)',
    '//evil.example.com',
    'not a url',
  ])('refuses %s', (url) =>
    expect(
      isAllowedRedirect(url, { ...config, redirectAllowList: [config.redirectAllowList[0] ?? ''] }),
    ).toBe(false),
  );

  it('falls back to the site URL (no open redirect)', () => {
    expect(safeRedirect('https://evil.example.com/', config)).toBe('http://localhost:3000');
    expect(safeRedirect(null, config)).toBe('http://localhost:3000');
    expect(safeRedirect('http://localhost:3000/x', config)).toBe('http://localhost:3000/x');
  });
});
