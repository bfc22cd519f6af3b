// The federated entry point: the shell loads this module with loadRemote('<remote>/App').
import { use } from 'react';
import { prefetchRoute } from '../app/prefetch-route';

type Routes = typeof import('../app/app-routes');
let routes: Promise<Routes> | undefined;

/**
 * The pages are a chunk of their own, asked for the moment this module runs: this module stays
 * small (the page-data table and its fetchers), so it runs, and the page's queries leave, without
 * waiting for every page's code to download and evaluate (bench/dashboard-overview.mjs). A failed
 * load is forgotten, so the shell's Try Again asks again.
 */
function loadRoutes(): Promise<Routes> {
  routes ??= import('../app/app-routes').catch((error: unknown) => {
    routes = undefined;
    throw error;
  });
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
