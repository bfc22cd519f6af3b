/**
 * The search page's text queries with filters, as `search_professionals` receives them; one in
 * eight is a typo ("kubernetis"), which takes the trigram fallback. Shared by the search bench and
 * the scale bench so their figures measure the same mix.
 */
export const SEARCH_QUERIES: Record<string, unknown>[] = [
  { p_query: 'react', p_location: 'London' },
  { p_query: 'cloud migration', p_rate_max: 100 },
  { p_query: 'penetration testing', p_verified_only: true },
  { p_query: 'kubernetis', p_min_rating: 4 },
  { p_query: 'product designer', p_availability: 'available', p_sort: 'rating' },
  { p_query: 'python machine learning', p_categories: ['ai-machine-learning'], p_page: 2 },
  { p_query: 'digital transformation', p_rate_min: 70, p_sort: 'rate_asc' },
  { p_query: 'postgresql', p_categories: ['database-management'], p_min_rating: 3.5 },
];
