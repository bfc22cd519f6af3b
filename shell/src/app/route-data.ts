import type { RemoteName, RemoteRoute } from '../lib/route-types';

/**
 * The site's top-level route table (flat paths such as /pricing, no per-remote prefix). The shell
 * decides which remote owns a path and whether the visitor may enter; the remote then renders its
 * own routes for that path. Plain data with no runtime imports, so the entry (index.ts) can read it
 * before the shared modules are negotiated.
 */
const publicRoutes = (remote: RemoteName, paths: string[]): RemoteRoute[] =>
  paths.map((path) => ({ path, remote, access: 'public' }));
const protectedRoutes = (remote: RemoteName, paths: string[]): RemoteRoute[] =>
  paths.map((path) => ({ path, remote, access: 'protected' }));

export const REMOTE_ROUTES: RemoteRoute[] = [
  ...publicRoutes('mf_marketing', [
    '/',
    '/contact',
    '/pricing',
    '/terms',
    '/privacy',
    '/cookies',
    '/gdpr',
    '/compliance',
    '/search',
    '/browse-professionals',
    '/professional/:id',
    '/how-it-works',
    '/for-professionals',
    '/for-business',
    '/testimonials',
    '/technical-specs',
    '/analytics',
    '/performance',
    '/enterprise',
    '/unsubscribe',
  ]),
  { path: '/login', remote: 'mf_auth', access: 'guest-only' },
  { path: '/register', remote: 'mf_auth', access: 'guest-only' },
  ...publicRoutes('mf_auth', ['/forgot-password', '/reset-password', '/get-access']),
  { path: '/account/security', remote: 'mf_auth', access: 'protected' },
  ...protectedRoutes('mf_dashboard', [
    '/dashboard',
    '/favorites',
    '/ai-matching',
    '/analytics-dashboard',
    '/teams',
    '/smart-notifications',
    '/post-project',
    '/projects',
    '/projects/:id',
    '/plan',
    '/payments',
    '/payments/receipts/:milestoneId',
    '/business-intelligence',
    '/integrations',
    '/automation-hub',
    '/testing-portal',
  ]),
  ...protectedRoutes('mf_messaging', [
    '/messages',
    '/messages/:conversationId',
    '/messages/:conversationId/call',
  ]),
  ...protectedRoutes('mf_admin', ['/management', '/management/*']),
];
