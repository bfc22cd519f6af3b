/**
 * Query-key roots that more than one app reads or invalidates through the page's one query
 * client. A remote that changes such data (the dashboard saving a profile) invalidates the root,
 * and every page that shows it (the public profile, search) refetches on its next render.
 */
export const PROFESSIONALS_QUERY_ROOT = ['professionals'] as const;
export const FAVOURITES_QUERY_ROOT = ['favourites'] as const;
