import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, renderWithProviders } from '@promatch/shared/testing';
import { PlansPage } from './plans-page';

const plans = [
  {
    type: 'free',
    name: 'Free',
    description: 'Start here',
    features: {},
    limits: {},
    commission_rate: '15.00',
    price_monthly: '0',
  },
  {
    type: 'pro',
    name: 'Pro',
    description: 'Unlimited applications',
    features: {},
    limits: {},
    commission_rate: '8.00',
    price_monthly: '0',
  },
];
const proPlan = {
  plan_type: 'pro',
  plan_name: 'Pro',
  features: { early_project_access: true },
  limits: { monthly_applications: -1 },
  commission_rate: '8.00',
};
const mockFake = fakeSupabase((call) => {
  if (call.table === 'subscription_plans') return { data: plans };
  if (call.table === 'subscription_usage')
    return { data: [{ metric_name: 'monthly_applications', current_usage: 4 }] };
  if (call.rpc === 'my_storage_usage') return { data: [{ used_bytes: 13_107_200, limit_mb: 500 }] };
  if (call.rpc === 'change_my_plan') return { data: [proPlan] };
  return { error: { message: `unexpected ${call.table ?? call.rpc}` } };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const free = {
  plan_type: 'free' as const,
  plan_name: 'Free',
  features: { profile_creation: true, early_project_access: false },
  limits: { monthly_applications: 10, file_storage: 500 },
  commission_rate: 15,
};
const user = {
  id: 'u1',
  email: 'a@b.uk',
  name: 'Ann',
  type: 'professional' as const,
  domain: 'b.uk',
  user_metadata: {},
};

it('shows the plan, its usage and features, and upgrades at once without payment', async () => {
  const { store } = renderWithProviders(<PlansPage />, {
    session: { user, accountType: 'professional', subscription: free },
  });
  expect(screen.getByRole('heading', { name: /Your plan: Free/ })).toBeInTheDocument();
  expect(await screen.findByText('4 of 10 used')).toBeInTheDocument();
  // file storage is what the user stores now: 12.5 MB of the 500 MB allowance
  expect(screen.getByText('12.5 of 500 used')).toBeInTheDocument();
  expect(screen.getByText(/Both plans cost professionals nothing/)).toBeInTheDocument();
  expect(screen.getByText(/Not included: Early access/)).toBeInTheDocument();
  await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
  await waitFor(() =>
    expect(mockFake.calls.find((call) => call.rpc === 'change_my_plan')?.args).toEqual({
      p_plan: 'pro',
    }),
  );
  expect(await screen.findByRole('heading', { name: /Your plan: Pro/ })).toBeInTheDocument();
  expect(store.getState().subscription?.plan_type).toBe('pro');
  expect(screen.getByRole('button', { name: 'Move to Free' })).toBeInTheDocument();
});

it('tells a business that plans are for professionals', async () => {
  renderWithProviders(<PlansPage />, {
    session: { user: { ...user, type: 'business' }, accountType: 'business', subscription: free },
  });
  expect(screen.getByText(/Plans are for professional accounts/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();
});
