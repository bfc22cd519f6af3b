/** Query keys for company lookups; never written inline. */
export const companyKeys = {
  all: ['companies'] as const,
  search: (query: string) => [...companyKeys.all, 'search', query] as const,
};
