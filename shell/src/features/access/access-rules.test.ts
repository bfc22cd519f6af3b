import {
  loginPathFor,
  mayEnter,
  OPEN_PATHS,
  safeReturnTo,
  secondStepPathFor,
} from './access-rules';

const anonymous = { signedIn: false, isAdmin: false, hasValidLeadCapture: false };

describe('access gate rules', () => {
  it('lets admins and signed-in users in anywhere', () => {
    expect(mayEnter({ ...anonymous, pathname: '/management', isAdmin: true })).toBe(true);
    expect(mayEnter({ ...anonymous, pathname: '/dashboard', signedIn: true })).toBe(true);
  });

  it('lets anonymous visitors into the open list only', () => {
    for (const pathname of OPEN_PATHS) expect(mayEnter({ ...anonymous, pathname })).toBe(true);
    expect(mayEnter({ ...anonymous, pathname: '/dashboard' })).toBe(false);
    expect(mayEnter({ ...anonymous, pathname: '/messages' })).toBe(false);
  });

  it('lets a visitor with a valid lead capture in', () => {
    expect(mayEnter({ ...anonymous, pathname: '/ai-matching', hasValidLeadCapture: true })).toBe(
      true,
    );
  });

  it('keeps account pages closed to a lead capture', () => {
    for (const pathname of ['/dashboard', '/messages', '/management', '/account/security']) {
      expect(mayEnter({ ...anonymous, pathname, hasValidLeadCapture: true })).toBe(false);
    }
  });

  it('sends a session that owes its second factor to the sign-in page from every page', () => {
    for (const pathname of ['/dashboard', '/', '/reset-password', '/pricing', '/management']) {
      expect(secondStepPathFor(true, pathname, '?a=1')).toBe(
        `/login?returnTo=${encodeURIComponent(`${pathname}?a=1`)}`,
      );
    }
    expect(secondStepPathFor(true, '/login', '?returnTo=%2Fdashboard')).toBeNull();
    expect(secondStepPathFor(false, '/dashboard')).toBeNull();
  });

  it('builds the sign-in path with the page to return to', () => {
    expect(loginPathFor('/dashboard', '?tab=files')).toBe(
      '/login?returnTo=%2Fdashboard%3Ftab%3Dfiles',
    );
  });

  it.each([
    'https://evil.example/x',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
  ])('refuses %p as returnTo', (value) => expect(safeReturnTo(value)).toBe('/dashboard'));

  it('accepts same-site paths as returnTo', () => {
    expect(safeReturnTo('/professional/42?tab=reviews')).toBe('/professional/42?tab=reviews');
  });
});
