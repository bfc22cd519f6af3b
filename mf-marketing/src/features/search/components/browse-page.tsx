import { Cluster, Page, useSeo } from '@promatch/shared';
import { findServiceCategory, SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SearchFiltersForm } from './search-filters';
import { SearchResults } from './search-results';
import { useSearchFilters } from '../hooks/use-search-filters';

const CategoryNav = styled.nav`
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

/** Rows of category links, a line apart when they wrap and further apart side by side. */
const CategoryRow = styled(Cluster)`
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  margin: 0;
`;

function CategoryLinks() {
  return (
    <CategoryNav aria-label="Categories">
      <CategoryRow as="p">
        {SERVICE_CATEGORIES.map((c) => (
          <Link key={c.slug} to={`/browse-professionals?category=${c.slug}`}>
            {c.name}
          </Link>
        ))}
      </CategoryRow>
    </CategoryNav>
  );
}

/** /browse-professionals?category=: professionals in one of the 12 service categories. */
export function BrowsePage() {
  const { filters, update } = useSearchFilters();
  const label = findServiceCategory(filters.category)?.name;
  const heading = label ? `Browse ${label} professionals` : 'Browse professionals';
  useSeo({
    title: heading,
    description: label
      ? `Verified UK ${label} professionals: rates in pounds, ratings, response times and availability.`
      : 'Browse verified UK freelancers and consultants by service category.',
    path: filters.category
      ? `/browse-professionals?category=${filters.category}`
      : '/browse-professionals',
  });
  return (
    <Page
      heading={heading}
      lead="Professionals by service category, best matches first. Narrow down with the filters."
    >
      <CategoryLinks />
      <SearchFiltersForm filters={filters} onChange={(next) => update(next)} showQuery={false} />
      <SearchResults
        filters={filters}
        onPage={(page) => {
          update({ page });
          window.scrollTo({ top: 0 });
        }}
        onClear={() =>
          update({
            location: '',
            rateMin: undefined,
            rateMax: undefined,
            minRating: undefined,
            verified: false,
            availability: '',
          })
        }
      />
    </Page>
  );
}
