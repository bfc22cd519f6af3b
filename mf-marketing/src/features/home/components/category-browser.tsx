import { Card } from '@promatch/shared';
import { Link } from 'react-router-dom';
import { CATEGORY_GROUPS } from '../../../lib/content/category-groups';
import { CardGrid } from '../../../lib/professionals/components/card-grid';

/** The six category cards of spec section 1, each to /browse-professionals?category=<title>. */
export function CategoryBrowser() {
  return (
    <CardGrid as="ul">
      {CATEGORY_GROUPS.map((group) => (
        <li key={group.slug}>
          <Card style={{ height: '100%' }}>
            <h3 style={{ marginTop: 0, fontSize: '1.15rem' }}>
              <Link to={`/browse-professionals?category=${group.title.toLowerCase()}`}>
                {group.title}
              </Link>
            </h3>
            <p>{group.description}</p>
            <ul style={{ margin: 0, paddingLeft: '1.1rem' }}>
              {group.services.map((service) => (
                <li key={service}>{service}</li>
              ))}
            </ul>
          </Card>
        </li>
      ))}
    </CardGrid>
  );
}
