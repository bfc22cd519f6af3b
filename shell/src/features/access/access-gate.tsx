import { readLeadCapture, useSession } from '@promatch/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { LoadingArea } from '../../lib/loading-area';
import type { Access } from '../../lib/route-types';
import { loginPathFor, mayEnter, safeReturnTo } from './access-rules';

export function AccessGate({ access, children }: { access: Access; children: ReactNode }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const signedIn = useSession((state) => state.user !== null);
  const isAdmin = useSession((state) => state.isAdmin);
  const isLoading = useSession((state) => state.isLoading);

  if (access === 'public') return children;
  if (isLoading) return <LoadingArea label="your session" />;
  if (access === 'guest-only') {
    return signedIn ? (
      <Navigate to={safeReturnTo(searchParams.get('returnTo'))} replace />
    ) : (
      children
    );
  }
  const allowed = mayEnter({
    pathname: location.pathname,
    signedIn,
    isAdmin,
    hasValidLeadCapture: readLeadCapture() !== null,
  });
  return allowed ? (
    children
  ) : (
    <Navigate to={loginPathFor(location.pathname, location.search)} replace />
  );
}
