import { FAVOURITES_QUERY_ROOT } from '@promatch/shared';

/** Query keys of the overview panels, per signed-in user: never write one inline. */
export const overviewKeys = {
  all: ['overview'] as const,
  activity: (userId: string) => [...overviewKeys.all, 'activity', userId] as const,
  matchingProjects: (userId: string) => [...overviewKeys.all, 'matching-projects', userId] as const,
  proposals: (userId: string) => [...overviewKeys.all, 'proposals', userId] as const,
  appointments: (userId: string) => [...overviewKeys.all, 'appointments', userId] as const,
  unread: (userId: string) => [...overviewKeys.all, 'unread', userId] as const,
  businessProjects: (userId: string) => [...overviewKeys.all, 'business-projects', userId] as const,
  shortlist: (userId: string) => [...overviewKeys.all, 'shortlist', userId] as const,
  // Under the favourites root, so a heart clicked anywhere refreshes this panel too.
  favourites: (userId: string) => [...FAVOURITES_QUERY_ROOT, 'overview', userId] as const,
};
