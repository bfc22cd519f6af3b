import { REMOTE_ROUTES } from './app/route-data';
import { preloadRemoteFor } from './features/remotes/remote-registry';

// Remote discovery and the current page's remote start at once, in parallel with the shared
// chunks the bootstrap waits for; a failure here is only a lost head start (the remote area
// retries and shows its error screen).
preloadRemoteFor(window.location.pathname, REMOTE_ROUTES).catch((error: unknown) =>
  console.debug('[remotes] early discovery failed', error),
);

// The async boundary: shared singletons are negotiated before any of them is used; a synchronous
// import would fail with Module Federation's RUNTIME-006 ("Invalid loadShareSync function call").
// Asked for in a task of its own: negotiating the shared modules is work of its own, and done in
// the task that evaluated the federation runtime it made one task too long for a slow phone.
setTimeout(() => void import('./bootstrap'), 0);
