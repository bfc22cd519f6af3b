import { Button, Card, Page, useSeo } from '@promatch/shared';
import { CardGrid } from '../../../lib/professionals/components/card-grid';
import { usePlans } from '../api/get-plans';
import { PlanCard } from './plan-card';

function Plans() {
  const { data, isPending, isError, error, refetch } = usePlans();
  if (isPending) return <p role="status">Loading plans…</p>;
  if (isError) {
    return (
      <Card role="alert">
        <p>Plans could not be loaded: {error.message}</p>
        <Button type="button" onClick={() => void refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  return (
    <CardGrid as="ul">
      {data.map((plan) => (
        <li key={plan.type}>
          <PlanCard plan={plan} />
        </li>
      ))}
    </CardGrid>
  );
}

export function PricingPage() {
  useSeo({
    title: 'Simple, Transparent Pricing',
    description:
      'ProMatch plans for professionals: free and pro, their limits and platform fees. Businesses search and hire without a subscription.',
    path: '/pricing',
  });
  return (
    <Page
      heading="Simple, Transparent Pricing"
      lead="Free and pro plans for professionals; businesses search and hire without a subscription."
    >
      <Plans />
      <h2>For businesses</h2>
      <p>Searching and messaging are free for business accounts: there is no subscription.</p>
    </Page>
  );
}
