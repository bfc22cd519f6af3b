import { loadRemote } from '@module-federation/enhanced/runtime';
import { ComponentErrorBoundary, QueryProvider } from '@promatch/shared';
import { lazy, Suspense, useContext, useMemo, useState, type ComponentType } from 'react';
import { LoadingArea } from '../../lib/loading-area';
import type { RemoteName } from '../../lib/route-types';
import { RemotePageSlot } from './remote-page-slot';
import { remotesDiscovered } from './remote-registry';

/**
 * A remote's pages (its ./App module). Module Federation runs a module once, so loading it early
 * (src/app/start-early.ts) and again when the area renders does the work once.
 */
export async function loadRemoteApp(remote: RemoteName): Promise<{ default: ComponentType }> {
  await remotesDiscovered();
  const module = await loadRemote<{ default: ComponentType }>(`${remote}/App`);
  if (!module?.default) throw new Error(`${remote}/App has no default export`);
  return module;
}

export interface RemoteAreaProps {
  remote: RemoteName;
  /** Shown in the error screen: 'An error occurred in the {label}.' */
  label: string;
}

/**
 * Renders one remote's pages. If the remote cannot be fetched or throws, only this area shows the
 * component error screen; Try Again fetches it afresh without reloading the page.
 */
export function RemoteArea({ remote, label }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React.lazy caches a rejected load forever.
  const RemoteApp = useMemo(() => lazy(() => loadRemoteApp(remote)), [remote, attempt]); // eslint-disable-line react-hooks/exhaustive-deps -- attempt is the point
  const onServer = useContext(RemotePageSlot);
  if (onServer) {
    // On the server: the same two Suspense boundaries as below (QueryProvider's and the
    // remote's), around the place the remote's own server-rendered page goes, so the browser
    // hydrates that page inside them once react-query and the remote's code have arrived.
    return (
      <Suspense fallback={null}>
        <Suspense fallback={null}>
          <template id="promatch-remote-page" />
        </Suspense>
      </Suspense>
    );
  }
  return (
    <ComponentErrorBoundary component={label} onRetry={() => setAttempt((n) => n + 1)}>
      <QueryProvider fallback={<LoadingArea label={label} />}>
        <Suspense fallback={<LoadingArea label={label} />}>
          <RemoteApp />
        </Suspense>
      </QueryProvider>
    </ComponentErrorBoundary>
  );
}
