// The federated entry point: the shell loads this module with loadRemote('<remote>/App').
import { trackSettled, type Tracked } from '@promatch/shared';
import { use } from 'react';
import { prefetchRoute } from '../app/prefetch-route';

type Routes = typeof import('../app/app-routes');
let routes: Tracked<Routes> | undefined;

/**
 * The pages are a chunk of their own, asked for the moment this module runs: this module stays
 * small (the page-data table and its fetchers), so it runs, and the page's queries leave, without
 * waiting for every page's code to download and evaluate (bench/dashboard-overview.mjs). The
 * promise says when it has settled (the fields React's `use` reads), so once the chunk is here
 * `App` renders the page at once instead of suspending for one round: React holds back content
 * revealed after a fallback until 300 ms after that fallback showed. A failed load is forgotten,
 * so the shell's Try Again asks again.
 */
function loadRoutes(): Promise<Routes> {
  if (!routes) {
    // Named for the remote's preload.json (rspack.config.ts), which the shell's server reads.
    const load = trackSettled(import(/* webpackChunkName: "pages" */ '../app/app-routes'));
    load.catch(() => {
      if (routes === load) routes = undefined;
    });
    routes = load;
  }
  return routes;
}

if (typeof window !== 'undefined') {
  // Benchmarks read when the remote's code ran (bench/dashboard-overview.mjs).
  performance.mark('promatch:mf-dashboard-entry');
  // The current page's queries start now, while the page renders, rather than when each of its
  // components first renders (bench/dashboard-overview.mjs, docs/benchmarks.md).
  prefetchRoute();
  loadRoutes().catch(() => undefined);
}

/** The remote's pages; suspends (inside the shell's remote area) until their chunk is here. */
export default function App() {
  const { AppRoutes } = use(loadRoutes());
  return <AppRoutes />;
}
