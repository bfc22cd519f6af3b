import { getSessionStore, readLeadCapture, useSession } from '@promatch/shared';
import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { LoadingArea } from '../../lib/loading-area';
import type { Access } from '../../lib/route-types';
import { loginPathFor, mayEnter, safeReturnTo, secondStepPathFor } from './access-rules';

/**
 * Whether the session is still being checked. `useSession` gives the store's initial state
 * (loading) while React hydrates; this reads the state the page was rendered in, on both sides:
 * the server renders a visitor known to be signed out, and the browser marks the visitor signed
 * out before it hydrates a server-rendered page (bootstrap.tsx), so a guest-only page such as
 * /login hydrates its form rather than a loading state (decision 0124).
 */
function useSessionLoading(): boolean {
  const store = getSessionStore();
  const read = () => store.getState().isLoading;
  return useSyncExternalStore(store.subscribe, read, read);
}

export function AccessGate({ access, children }: { access: Access; children: ReactNode }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const signedIn = useSession((state) => state.user !== null);
  const isAdmin = useSession((state) => state.isAdmin);
  const mfaRequired = useSession((state) => state.mfaRequired);
  const isLoading = useSessionLoading();

  // Before anything else, public pages included: the second factor is owed first.
  const secondStep = secondStepPathFor(mfaRequired, location.pathname, location.search);
  if (secondStep) return <Navigate to={secondStep} replace />;
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
