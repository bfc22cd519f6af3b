import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  ComponentErrorBoundary,
  QueryProvider,
  trackSettled,
  type Tracked,
} from '@promatch/shared';
import { Suspense, use, useContext, useState, type ComponentType } from 'react';
import { LoadingArea } from '../../lib/loading-area';
import type { RemoteName } from '../../lib/route-types';
import { RemotePageSlot } from './remote-page-slot';
import { remotesDiscovered } from './remote-registry';

type RemoteApp = { default: ComponentType };
/** A load with the fields React's `use` reads, and whether an area has rendered it yet. */
type Load = Tracked<RemoteApp> & { claimed?: boolean };
const remoteApps = new Map<RemoteName, Load>();

async function fetchRemoteApp(remote: RemoteName): Promise<RemoteApp> {
  await remotesDiscovered();
  const module = await loadRemote<RemoteApp>(`${remote}/App`);
  if (!module?.default) throw new Error(`${remote}/App has no default export`);
  return module;
}

function startLoad(remote: RemoteName): Load {
  const load: Load = trackSettled(fetchRemoteApp(remote));
  remoteApps.set(remote, load);
  return load;
}

/**
 * A remote's pages (its ./App module), loaded once: early for a signed-in page
 * (src/app/start-early.ts) and by the area that renders them, which then finds it loaded. The
 * promise says when it has settled (the fields React's `use` reads), so an area rendered after the
 * load draws the pages at once instead of suspending for one round: React holds back content
 * revealed after a fallback until 300 ms after that fallback showed.
 */
export function loadRemoteApp(remote: RemoteName): Promise<RemoteApp> {
  return remoteApps.get(remote) ?? startLoad(remote);
}

/**
 * The load an area renders: the early one, unless that failed before any area rendered it (then
 * the failure was only a lost head start, and the area loads afresh). A failure the area has shown
 * is kept until Try Again (`forgetRemoteApp`), so the area does not retry on every render.
 */
function claimRemoteApp(remote: RemoteName): Load {
  const known = remoteApps.get(remote);
  const load =
    !known || (known.status === 'rejected' && !known.claimed) ? startLoad(remote) : known;
  load.claimed = true;
  return load;
}

function forgetRemoteApp(remote: RemoteName): void {
  if (remoteApps.get(remote)?.status === 'rejected') remoteApps.delete(remote);
}

/** The remote's pages; suspends until its ./App module is here. */
function RemotePages({ remote }: { remote: RemoteName }) {
  // The extra fields are React's own; `use` is typed for promises it has not seen yet.
  const { default: Pages } = use<RemoteApp>(claimRemoteApp(remote) as Promise<RemoteApp>);
  return <Pages />;
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
  // Try Again forgets the failed load and remounts the pages, which load the remote afresh.
  const [attempt, setAttempt] = useState(0);
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
    <ComponentErrorBoundary
      component={label}
      onRetry={() => {
        forgetRemoteApp(remote);
        setAttempt((n) => n + 1);
      }}
    >
      <QueryProvider fallback={<LoadingArea label={label} />}>
        <Suspense fallback={<LoadingArea label={label} />}>
          <RemotePages key={attempt} remote={remote} />
        </Suspense>
      </QueryProvider>
    </ComponentErrorBoundary>
  );
}
