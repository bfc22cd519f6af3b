import { matchPath } from 'react-router-dom';
import type { RedirectRoute, RemoteName, RemoteRoute } from '../lib/route-types';
import { REMOTE_ROUTES } from './route-data';

const REDIRECTS: RedirectRoute[] = [
  { path: '/files', redirectTo: '/dashboard?tab=files' },
  { path: '/admin', redirectTo: '/management' },
  { path: '/bms', redirectTo: '/management' },
  { path: '/test-phase2c', redirectTo: '/testing-portal' },
];

/** Human names used in error screens: 'An error occurred in the {label}.' */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  mf_marketing: 'Marketing pages',
  mf_auth: 'Sign-in pages',
  mf_dashboard: 'Dashboard',
  mf_messaging: 'Messaging',
  mf_admin: 'Management portal',
};

const matches = (pattern: string, pathname: string) =>
  matchPath({ path: pattern, end: true, caseSensitive: false }, pathname) !== null;

export function findRedirect(pathname: string): RedirectRoute | undefined {
  return REDIRECTS.find((route) => matches(route.path, pathname));
}

export function findRemoteRoute(pathname: string): RemoteRoute | undefined {
  return REMOTE_ROUTES.find((route) => matches(route.path, pathname));
}
