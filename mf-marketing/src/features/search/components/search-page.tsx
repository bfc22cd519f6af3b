import { Page, useSeo } from '@promatch/shared';
import { SearchFiltersForm } from './search-filters';
import { SearchResults } from './search-results';
import { useSearchFilters } from '../hooks/use-search-filters';

/** /search?q=: full-text, typo-tolerant search with every filter in the URL. */
export function SearchPage() {
  const { filters, update } = useSearchFilters();
  const title = filters.q ? `Search: ${filters.q}` : 'Search professionals';
  useSeo({
    title,
    description: filters.q
      ? `Verified UK professionals matching “${filters.q}”: compare rates in pounds, ratings and response times.`
      : 'Search verified UK freelancers and consultants by skill, location, hourly rate and rating.',
    path: '/search',
  });
  return (
    <Page
      title={title}
      heading={filters.q ? `Professionals matching “${filters.q}”` : 'Search professionals'}
      lead="Search verified UK professionals by skill, location, rate and rating. Spelling mistakes are forgiven."
    >
      <SearchFiltersForm filters={filters} onChange={(next) => update(next)} />
      <SearchResults
        filters={filters}
        onPage={(page) => {
          update({ page });
          window.scrollTo({ top: 0 });
        }}
        onClear={() =>
          update({
            category: '',
            location: '',
            rateMin: undefined,
            rateMax: undefined,
            minRating: undefined,
            verified: false,
            availability: '',
            sort: 'relevance',
          })
        }
      />
    </Page>
  );
}
