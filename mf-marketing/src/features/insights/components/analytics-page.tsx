import { Button, Card, Grid, Page, Text, useSeo } from '@promatch/shared';
import { findServiceCategory } from '@promatch/shared/categories';
import {
  useMarketplaceStats,
  type MarketplaceStats,
} from '../../../lib/professionals/api/get-marketplace-stats';

const count = new Intl.NumberFormat('en-GB');

function Figures({ stats }: { stats: MarketplaceStats }) {
  const rows: [string, string][] = [
    ['Professionals', count.format(stats.professionals)],
    ['Verified professionals', count.format(stats.verified)],
    ['Towns and cities', count.format(stats.cities)],
    ['Reviews', count.format(stats.reviews)],
    [
      'Average rating (reviewed professionals)',
      stats.average_rating ? `${Number(stats.average_rating).toFixed(2)} / 5` : '–',
    ],
  ];
  // An outcome, counted from projects whose status is completed; absent until there is one.
  if (stats.completed_projects > 0) {
    rows.push(['Projects completed', count.format(stats.completed_projects)]);
  }
  // Completed over hired projects; absent until someone has been hired.
  if (stats.success_rate !== null) {
    rows.push(['Hired projects completed', `${stats.success_rate}%`]);
  }
  const categories = Object.entries(stats.categories).sort((a, b) => b[1] - a[1]);
  return (
    <>
      <Grid as="dl" $min="14rem">
        {rows.map(([label, value]) => (
          <Card key={label}>
            <dt>{label}</dt>
            <Text as="dd" $size="xl" $weight={700} $flush>
              {value}
            </Text>
          </Card>
        ))}
      </Grid>
      <h2>Professionals per service category</h2>
      <ul>
        {categories.map(([slug, n]) => (
          <li key={slug}>
            {findServiceCategory(slug)?.name ?? slug}: {count.format(n)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Public analytics: aggregates computed by the database, never anything about a person. */
export function AnalyticsPage() {
  useSeo({
    title: 'Platform Analytics',
    description:
      'Live aggregate figures about the ProMatch marketplace: professionals, categories, ratings and reviews. No personal data.',
    path: '/analytics',
  });
  const { data, isPending, isError, error, refetch } = useMarketplaceStats();
  return (
    <Page
      heading="Platform Analytics"
      lead="Aggregate figures about the ProMatch marketplace. No personal data is shown."
    >
      {isPending ? <p role="status">Loading figures…</p> : null}
      {isError ? (
        <Card role="alert">
          <p>Figures could not be loaded: {error.message}</p>
          <Button type="button" onClick={() => void refetch()}>
            Try again
          </Button>
        </Card>
      ) : null}
      {data ? <Figures stats={data} /> : null}
    </Page>
  );
}
