import { Navigate, useLocation } from 'react-router-dom';
import { AccessGate } from '../features/access/access-gate';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RemoteArea } from '../features/remotes/remote-area';
import { findRedirect, findRemoteRoute, REMOTE_LABELS } from './route-table';

/**
 * Picks the owner of the current path from the route table. The remote is rendered outside any
 * <Route>, so its own <Routes> match the full path ('/professional/:id') rather than a remainder.
 */
export function ShellRoutes() {
  const { pathname } = useLocation();
  const redirect = findRedirect(pathname);
  if (redirect) return <Navigate to={redirect.redirectTo} replace />;

  const route = findRemoteRoute(pathname);
  if (!route) return <NotFoundPage />;
  return (
    <AccessGate access={route.access}>
      <RemoteArea key={route.remote} remote={route.remote} label={REMOTE_LABELS[route.remote]} />
    </AccessGate>
  );
}
