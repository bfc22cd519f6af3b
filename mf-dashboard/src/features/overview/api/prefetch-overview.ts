import { getAppQueryClient, getSessionStore } from '@promatch/shared';
import type { QueryKey } from '@tanstack/react-query';
import { myProfileQueryOptions } from '../../../lib/my-profile/get-my-profile';
import { getBusinessProjects } from './get-business-projects';
import { getMatchingProjects } from './get-matching-projects';
import { getMyProposals } from './get-my-proposals';
import { getProfileActivity } from './get-profile-activity';
import { getRecentFavorites } from './get-recent-favorites';
import { getShortlist } from './get-shortlist';
import { getUnreadMessages } from './get-unread-messages';
import { getUpcomingAppointments } from './get-upcoming-appointments';
import { overviewKeys } from './keys';

type Panel = [key: (userId: string) => QueryKey, fetch: (userId: string) => Promise<unknown>];

/** The same keys and fetchers the panels' usePanelQuery calls use, so a panel finds its answer. */
const PANELS: Record<'professional' | 'business', Panel[]> = {
  professional: [
    [overviewKeys.activity, getProfileActivity],
    [overviewKeys.matchingProjects, getMatchingProjects],
    [overviewKeys.proposals, getMyProposals],
    [overviewKeys.appointments, getUpcomingAppointments],
    [overviewKeys.unread, getUnreadMessages],
  ],
  business: [
    [overviewKeys.businessProjects, getBusinessProjects],
    [overviewKeys.shortlist, getShortlist],
    [overviewKeys.appointments, getUpcomingAppointments],
    [overviewKeys.favorites, getRecentFavorites],
    [overviewKeys.unread, getUnreadMessages],
  ],
};

const isOverview = (location: Location) =>
  location.pathname.replace(/\/$/, '') === '/dashboard' &&
  !new URLSearchParams(location.search).get('tab');

async function prefetchFor(userId: string, accountType: 'professional' | 'business') {
  const client = await getAppQueryClient();
  const work: Promise<unknown>[] = PANELS[accountType].map(([key, fetch]) =>
    client.prefetchQuery({ queryKey: key(userId), queryFn: () => fetch(userId) }),
  );
  if (accountType === 'professional')
    work.push(client.prefetchQuery(myProfileQueryOptions(userId)));
  await Promise.all(work);
}

/**
 * Starts the overview panels' queries as soon as this remote's code is evaluated on /dashboard
 * (and the session is known), instead of when React first renders each panel: the requests
 * overlap with rendering the page. Prefetching never throws; a panel that still has no answer
 * asks again and shows its own error.
 */
export function prefetchOverviewPanels(location: Location = window.location): void {
  if (!isOverview(location)) return;
  let store: ReturnType<typeof getSessionStore>;
  try {
    store = getSessionStore();
  } catch {
    return; // no host has set up the session (a test): the panels fetch for themselves
  }
  let started = false;
  const start = (state: ReturnType<typeof store.getState>): boolean => {
    const userId = state.user?.id;
    if (started || !userId) return started;
    started = true;
    void prefetchFor(userId, state.accountType === 'business' ? 'business' : 'professional');
    return true;
  };
  if (start(store.getState())) return;
  const unsubscribe = store.subscribe((state) => {
    if (start(state)) unsubscribe();
  });
}
