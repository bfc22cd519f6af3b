import { REMOTE_ROUTES } from './app/route-data';
import { startIntlWarmUp } from './features/intl-warm-up/intl-warm-up';
import { preloadRemoteFor } from './features/remotes/remote-registry';

startIntlWarmUp();

// Remote discovery and the current page's remote start at once, in parallel with the shared
// chunks the bootstrap waits for; a failure here is only a lost head start (the remote area
// retries and shows its error screen).
preloadRemoteFor(window.location.pathname, REMOTE_ROUTES).catch((error: unknown) =>
  console.debug('[remotes] early discovery failed', error),
);

/**
 * The shared singletons the bootstrap needs, each asked for in a task of its own. Negotiating a
 * shared module (Module Federation's version checks) and evaluating it when its chunk arrives
 * are work per module; asked for by the bootstrap's import alone they would all be done in the
 * same two tasks, each too long for a slow phone (Lighthouse's long tasks, docs/benchmarks.md).
 * All are requested at once, so nothing waits on the network longer than before.
 */
const SHARED_FIRST = [
  () => import('react'),
  () => import('react-dom/client'),
  () => import('styled-components'),
  () => import('react-router-dom'),
  () => import('@promatch/shared'),
];
for (const load of SHARED_FIRST) {
  setTimeout(() => load().catch(() => undefined), 0);
}

/**
 * The shell's page (header, footer, routes and what they import), evaluated in a task of its own
 * as soon as its chunk and the shared modules above are there, not inside the bootstrap's: the
 * module graph the bootstrap waits for is evaluated in the task where its last chunk arrives, and
 * with the whole page in it that was one long task on a slow phone (decision 0131). A failure
 * here shows in the bootstrap, which imports the same module.
 */
setTimeout(() => void import('./app/app').catch(() => undefined), 0);

// The async boundary: shared singletons are negotiated before any of them is used; a synchronous
// import would fail with Module Federation's RUNTIME-006 ("Invalid loadShareSync function call").
// Asked for in a task of its own too, after the shared modules above; a failure of theirs shows
// here.
setTimeout(() => void import('./bootstrap'), 0);
