import { PROFESSIONALS_QUERY_ROOT } from '@promatch/shared';
import type { SearchFilters } from '../types';

/** Query keys of the professionals domain: never write one inline. */
export const professionalKeys = {
  all: PROFESSIONALS_QUERY_ROOT,
  search: (filters: SearchFilters) => [...professionalKeys.all, 'search', filters] as const,
  featured: () => [...professionalKeys.all, 'featured'] as const,
  detail: (id: string) => [...professionalKeys.all, 'detail', id] as const,
  reviews: (id: string) => [...professionalKeys.all, 'reviews', id] as const,
  recentReviews: (limit: number) => [...professionalKeys.all, 'recent-reviews', limit] as const,
  stats: () => ['marketplace', 'stats'] as const,
};
