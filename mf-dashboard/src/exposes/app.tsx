// The federated entry point: the shell loads this module with loadRemote('<remote>/App').
import { prefetchRoute } from '../app/prefetch-route';

if (typeof window !== 'undefined') {
  // Benchmarks read when the remote's code ran (bench/dashboard-overview.mjs).
  performance.mark('promatch:mf-dashboard-entry');
  // The current page's queries start now, while the page renders, rather than when each of its
  // components first renders (bench/dashboard-overview.mjs, docs/benchmarks.md).
  prefetchRoute();
}

export { AppRoutes as default } from '../app/app-routes';
