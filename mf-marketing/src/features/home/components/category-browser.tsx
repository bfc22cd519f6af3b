import { Card } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { Link } from 'react-router-dom';
import { useMarketplaceStats } from '../../../lib/professionals/api/get-marketplace-stats';
import { CardGrid } from '../../../lib/professionals/components/card-grid';

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
            <Card style={{ height: '100%' }}>
              <h3 style={{ marginTop: 0, fontSize: '1.15rem' }}>
                <Link to={`/browse-professionals?category=${category.slug}`}>{category.name}</Link>
              </h3>
              <p>{category.description}</p>
              {data ? (
                <p style={{ marginBottom: 0, fontWeight: 600 }}>
                  {professionals === 1
                    ? '1 professional'
                    : `${count.format(professionals)} professionals`}
                </p>
              ) : null}
            </Card>
          </li>
        );
      })}
    </CardGrid>
  );
}
