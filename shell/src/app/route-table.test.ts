import { REMOTE_ROUTES } from './route-data';
import { findRedirect, findRemoteRoute } from './route-table';
import { remoteForPath } from '../features/remotes/remote-registry';

describe('route table', () => {
  it.each([
    ['/', 'mf_marketing', 'public'],
    ['/professional/123', 'mf_marketing', 'public'],
    ['/login', 'mf_auth', 'guest-only'],
    ['/reset-password', 'mf_auth', 'public'],
    ['/dashboard', 'mf_dashboard', 'protected'],
    ['/testing-portal', 'mf_dashboard', 'protected'],
    ['/messages', 'mf_messaging', 'protected'],
    ['/messages/abc/call', 'mf_messaging', 'protected'],
    ['/management', 'mf_admin', 'protected'],
    ['/management/users', 'mf_admin', 'protected'],
  ])('%s belongs to %s (%s)', (path, remote, access) => {
    expect(findRemoteRoute(path)).toMatchObject({ remote, access });
  });

  it('has no owner for unknown paths, so the 404 page shows', () => {
    expect(findRemoteRoute('/nope')).toBeUndefined();
    expect(findRemoteRoute('/professional')).toBeUndefined();
  });

  it.each([
    ['/files', '/dashboard?tab=files'],
    ['/admin', '/management'],
    ['/bms', '/management'],
    ['/test-phase2c', '/testing-portal'],
  ])('redirects %s to %s', (from, to) => {
    expect(findRedirect(from)?.redirectTo).toBe(to);
  });

  it('lists each path once', () => {
    const paths = REMOTE_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

test('the preload matcher picks the same remote as the router for every kind of path', () => {
  const paths = [
    '/',
    '/search',
    '/professional/7f1c',
    '/login',
    '/account/security',
    '/Dashboard',
    '/messages/',
    '/management',
    '/management/users/42',
    '/managementx',
    '/no-such-page',
  ];
  for (const path of paths) {
    expect(remoteForPath(path, REMOTE_ROUTES)).toBe(findRemoteRoute(path)?.remote);
  }
});
