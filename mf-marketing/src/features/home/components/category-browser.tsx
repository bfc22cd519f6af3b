import { Text } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { Link } from 'react-router-dom';
import { useMarketplaceStats } from '../../../lib/professionals/api/get-marketplace-stats';
import { CardGrid, FillCard } from '../../../lib/professionals/components/card-grid';

const count = new Intl.NumberFormat('en-GB');

/**
 * One card per service category (the fixed list of 12 in @promatch/shared), each linking to that
 * category's browse page, with how many professionals offer it as the database counts them.
 */
export function CategoryBrowser() {
  const { data } = useMarketplaceStats();
  return (
    <CardGrid as="ul">
      {SERVICE_CATEGORIES.map((category) => {
        const professionals = data?.categories[category.slug] ?? 0;
        return (
          <li key={category.slug}>
            <FillCard>
              <Text as="h3" $size="lg">
                <Link to={`/browse-professionals?category=${category.slug}`}>{category.name}</Link>
              </Text>
              <p>{category.description}</p>
              {data ? (
                <Text $weight={600}>
                  {professionals === 1
                    ? '1 professional'
                    : `${count.format(professionals)} professionals`}
                </Text>
              ) : null}
            </FillCard>
          </li>
        );
      })}
    </CardGrid>
  );
}
