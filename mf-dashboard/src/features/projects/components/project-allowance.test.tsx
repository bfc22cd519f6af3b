import { screen } from '@testing-library/react';
import { fakeSupabase, renderWithProviders } from '@promatch/shared/testing';
import { ProjectAllowance } from './project-allowance';

// the far side of supabase-js: this month's usage
let usage: { metric_name: string; current_usage: number }[] = [];
const mockFake = fakeSupabase((call) =>
  call.table === 'subscription_usage' ? { data: usage } : { error: { message: 'unexpected' } },
);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const sessionWith = (projects: number) => ({
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

const form = <form aria-label="New project form" />;

it('says how many projects are left this month and offers the form', async () => {
  usage = [{ metric_name: 'projects', current_usage: 4 }];
  renderWithProviders(<ProjectAllowance>{form}</ProjectAllowance>, { session: sessionWith(5) });
  expect(await screen.findByText('You can post 1 more project this month.')).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'New project form' })).toBeInTheDocument();
});

it('at the limit explains why instead of offering a form the database would refuse', async () => {
  usage = [{ metric_name: 'projects', current_usage: 5 }];
  renderWithProviders(<ProjectAllowance>{form}</ProjectAllowance>, { session: sessionWith(5) });
  expect(
    await screen.findByText('You have used all 5 of your projects this month on the Free plan.'),
  ).toBeInTheDocument();
  expect(screen.getByText('You can post more projects from the 1st of next month.')).toBeVisible();
  expect(screen.queryByRole('form', { name: 'New project form' })).not.toBeInTheDocument();
});

it('says nothing of a count when the plan has no limit', async () => {
  usage = [{ metric_name: 'projects', current_usage: 40 }];
  renderWithProviders(<ProjectAllowance>{form}</ProjectAllowance>, { session: sessionWith(-1) });
  expect(await screen.findByRole('form', { name: 'New project form' })).toBeInTheDocument();
  expect(screen.queryByText(/more project/)).not.toBeInTheDocument();
});
