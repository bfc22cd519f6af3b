import type { QueryKey } from '@tanstack/react-query';
import { myProfileQueryOptions } from '../../../lib/my-profile/get-my-profile';
import type { PageData } from '../../../lib/page-data';
import { getBusinessProjects } from './get-business-projects';
import { getMatchingProjects } from './get-matching-projects';
import { getMyProposals } from './get-my-proposals';
import { getProfileActivity } from './get-profile-activity';
import { getRecentFavourites } from './get-recent-favourites';
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
    [overviewKeys.favourites, getRecentFavourites],
    [overviewKeys.unread, getUnreadMessages],
  ],
};

/** /dashboard without a ?tab shows the overview: every panel's query, and the profile's. */
export const overviewPageData: PageData = {
  queries: ({ client, userId, accountType, location }) => {
    if (new URLSearchParams(location.search).get('tab')) return Promise.resolve();
    const work: Promise<unknown>[] = PANELS[accountType].map(([key, fetch]) =>
      client.prefetchQuery({ queryKey: key(userId), queryFn: () => fetch(userId) }),
    );
    if (accountType === 'professional')
      work.push(client.prefetchQuery(myProfileQueryOptions(userId)));
    return Promise.all(work);
  },
};
