import { Button, Card, Cluster, renderWhenNearViewport, Text } from '@promatch/shared';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useRecordSearchAppearances } from '../../../lib/professionals/api/record-activity';
import { PAGE_SIZE, useSearchProfessionals } from '../api/search-professionals';
import type { SearchFilters, SearchPage } from '../../../lib/professionals/types';
import { CardGrid } from '../../../lib/professionals/components/card-grid';
import { Pagination } from './pagination';
import { ProfessionalCard } from '../../../lib/professionals/components/professional-card';

// A page of results is several screens tall on a phone: the cards out of sight wait.
const ResultItem = styled.li`
  ${renderWhenNearViewport('22rem')}
`;

export const POPULAR_SEARCHES = [
  'React',
  'Cloud migration',
  'Penetration testing',
  'Product design',
  'Data science',
];

function NoResults({ filters, onClear }: { filters: SearchFilters; onClear(): void }) {
  return (
    <Card role="status">
      <h2>No professionals match{filters.q ? ` “${filters.q}”` : ' these filters'}</h2>
      <p>Try fewer words, check the spelling, widen the rate range or clear the filters.</p>
      <Cluster as="p" $gap="md">
        <Button type="button" $variant="outline" onClick={onClear}>
          Clear all filters
        </Button>
        <span>Popular searches:</span>
        {POPULAR_SEARCHES.map((term) => (
          <Link key={term} to={`/search?q=${encodeURIComponent(term)}`}>
            {term}
          </Link>
        ))}
      </Cluster>
    </Card>
  );
}

const counted = new Intl.NumberFormat('en-GB');

/** "24 professionals found · showing 13–24"; past the count's cap, "1,000+ professionals …". */
export function resultsHeading(
  page: Pick<SearchPage, 'total' | 'total_capped'>,
  first: number,
  last: number,
): string {
  const plural = page.total === 1 && !page.total_capped ? '' : 's';
  const total = `${counted.format(page.total)}${page.total_capped ? '+' : ''}`;
  return `${total} professional${plural} found · showing ${first}–${last}`;
}

// A search this broad is not ranked by relevance (every match would have to be read): the page
// says which order it shows instead, and how to get a ranked one.
export const BROAD_SEARCH_NOTE =
  'So many professionals match that they are listed featured and best rated first. Add a word or a filter to rank them by relevance.';

interface SearchResultsProps {
  filters: SearchFilters;
  onPage(page: number): void;
  onClear(): void;
}

/** Results of the current URL filters: pending, then error, then the list (or no results). */
export function SearchResults({ filters, onPage, onClear }: SearchResultsProps) {
  const { data, isPending, isError, error, refetch, isPlaceholderData } =
    useSearchProfessionals(filters);
  // Placeholder data is the previous page still on screen while the next one loads.
  useRecordSearchAppearances(
    data && !isPlaceholderData ? data.items.map((professional) => professional.id) : [],
  );
  if (isPending) return <p role="status">Searching professionals…</p>;
  if (isError) {
    return (
      <Card role="alert">
        <p>We could not load professionals: {error.message}</p>
        <Button type="button" onClick={() => void refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  if (data.total === 0) return <NoResults filters={filters} onClear={onClear} />;
  const first = (data.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(first + data.items.length - 1, data.total);
  return (
    <section aria-labelledby="results-heading" aria-busy={isPlaceholderData}>
      <Text as="h2" id="results-heading" aria-live="polite" $size="lg">
        {resultsHeading(data, first, last)}
      </Text>
      {data.total_capped && filters.q && filters.sort === 'relevance' ? (
        <Text as="p" $muted>
          {BROAD_SEARCH_NOTE}
        </Text>
      ) : null}
      <CardGrid as="ul">
        {data.items.map((professional) => (
          <ResultItem key={professional.id}>
            <ProfessionalCard professional={professional} />
          </ResultItem>
        ))}
      </CardGrid>
      <Pagination page={data.page} pageCount={Math.ceil(data.total / PAGE_SIZE)} onPage={onPage} />
    </section>
  );
}
