// The federated entry point: the shell loads this module with loadRemote('<remote>/App').
import { prefetchOverviewPanels } from '../features/overview/api/prefetch-overview';

// On /dashboard the overview's queries start now, while React renders the page, rather than when
// each panel first renders (bench/dashboard-overview.mjs, docs/benchmarks.md).
if (typeof window !== 'undefined') prefetchOverviewPanels();

export { AppRoutes as default } from '../app/app-routes';
