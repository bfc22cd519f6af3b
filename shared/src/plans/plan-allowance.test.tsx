import { screen } from '@testing-library/react';
import { renderWithProviders } from '@promatch/shared/testing';
import { PlanAllowance } from './plan-allowance';

const freePlan = (projects: number) => ({
  user: {
    id: 'b1',
    email: 'owner@acme.co.uk',
    name: 'Acme',
    type: 'business' as const,
    domain: 'acme.co.uk',
    user_metadata: {},
  },
  accountType: 'business' as const,
  subscription: {
    plan_type: 'free' as const,
    plan_name: 'Free',
    features: {},
    limits: { projects },
    commission_rate: 15,
  },
});

const allowance = (used: number | undefined) => (
  <PlanAllowance
    limit="projects"
    used={used}
    remaining={(count) => `${count} left`}
    atLimit={<p>More from the 1st.</p>}
  >
    <form aria-label="The metered form" />
  </PlanAllowance>
);

it('while some are left: the count above the form', () => {
  renderWithProviders(allowance(3), { session: freePlan(5) });
  expect(screen.getByText('2 left')).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'The metered form' })).toBeInTheDocument();
});

it('while the usage loads: the form, and no count that could be wrong', () => {
  renderWithProviders(allowance(undefined), { session: freePlan(5) });
  expect(screen.queryByText(/left/)).not.toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'The metered form' })).toBeInTheDocument();
});

it("at the limit: the database's words and what comes next, instead of the form", () => {
  renderWithProviders(allowance(5), { session: freePlan(5) });
  expect(screen.getByRole('alert')).toHaveTextContent(
    'You have used all 5 of your projects this month on the Free plan.More from the 1st.',
  );
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
});

it('unlimited (-1): the form with no count', () => {
  renderWithProviders(allowance(40), { session: freePlan(-1) });
  expect(screen.queryByText(/left/)).not.toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'The metered form' })).toBeInTheDocument();
});
