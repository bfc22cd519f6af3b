import { getAppQueryClient, getSessionStore, pageDataSettled } from '@promatch/shared';
import type { Query, QueryClient } from '@tanstack/react-query';
import { analyticsPageData } from '../features/analytics/api/prefetch-analytics';
import { automationHubPageData } from '../features/automation/api/prefetch-automation-hub';
import { businessInsightsPageData } from '../features/business-intelligence/api/prefetch-business-insights';
import { integrationsPageData } from '../features/integrations/api/prefetch-integrations';
import { notificationCentrePageData } from '../features/notifications/api/prefetch-notification-centre';
import { overviewPageData } from '../features/overview/api/prefetch-overview';
import { teamsPageData } from '../features/teams/api/prefetch-teams';
import { testingPortalPageData } from '../features/testing-portal/api/prefetch-testing-portal';
import type { PageData } from '../lib/page-data';

/**
 * What each page of this remote shows first, so its queries can start before React renders it.
 * Pages not listed fetch as they render.
 */
const PAGE_DATA: Record<string, PageData> = {
  '/dashboard': overviewPageData,
  '/teams': teamsPageData,
  '/smart-notifications': notificationCentrePageData,
  '/analytics-dashboard': analyticsPageData,
  '/business-intelligence': businessInsightsPageData,
  '/integrations': integrationsPageData,
  '/automation-hub': automationHubPageData,
  '/testing-portal': testingPortalPageData,
};

/**
 * Resolves once the page has rendered with the data the prefetch brought: a component observes one
 * of the queries the prefetch added (those not in `before`). At once if it added none. The data
 * often arrives before the shell has drawn the page; releasing the shell's extras then had their
 * code and answers compete with the page's own render. Never waits for ever: the shell releases
 * them anyway a fixed time after navigation (afterPageData in @promatch/shared).
 */
function shown(client: QueryClient, before: ReadonlySet<Query>): Promise<void> {
  const cache = client.getQueryCache();
  const added = cache.getAll().filter((query) => !before.has(query));
  if (added.length === 0 || added.some((query) => query.getObserversCount() > 0))
    return Promise.resolve();
  const watched = new Set(added);
  return new Promise((resolve) => {
    const unsubscribe = cache.subscribe((event) => {
      if (event.type === 'observerAdded' && watched.has(event.query)) {
        unsubscribe();
        resolve();
      }
    });
  });
}

/**
 * Starts the current page's queries as soon as this remote's entry module is evaluated (the shell
 * does that while it restores the session) and the signed-in user is known, instead of when React
 * first renders the page: the requests overlap with loading and rendering the page's code, and a
 * page's lazy chunks load alongside its data rather than after it. Prefetching never throws; a
 * query that still has no answer asks again when its component renders and shows its own error.
 * Once the page's data has settled and the page has rendered with it (or when the page
 * prefetches nothing) the shell's own look-ups and the header's counts may go out
 * (`pageDataSettled`): until then they wait, so that the page's requests are first in the
 * backend's queue and its render is first on the main thread.
 */
export function prefetchRoute(location: Location = window.location): void {
  const page = PAGE_DATA[location.pathname.replace(/(.)\/$/, '$1').toLowerCase()];
  if (!page) {
    pageDataSettled();
    return;
  }
  void page.chunks?.().catch(() => undefined);
  let store: ReturnType<typeof getSessionStore>;
  try {
    store = getSessionStore();
  } catch {
    pageDataSettled();
    return; // no host has set up the session (a test): the page fetches for itself
  }
  let started = false;
  const start = (state: ReturnType<typeof store.getState>): boolean => {
    const userId = state.user?.id;
    if (started || !userId) return started;
    started = true;
    const accountType = state.accountType === 'business' ? 'business' : 'professional';
    void getAppQueryClient()
      .then(async (client) => {
        const before = new Set(client.getQueryCache().getAll());
        await page.queries({ client, userId, accountType, location }).catch(() => undefined);
        await shown(client, before);
      })
      .catch(() => undefined)
      .finally(pageDataSettled);
    return true;
  };
  if (start(store.getState())) return;
  const unsubscribe = store.subscribe((state) => {
    if (start(state)) unsubscribe();
  });
}
