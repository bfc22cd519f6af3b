import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, renderWithProviders } from '@promatch/shared/testing';
import { openHostedPage } from '../api/open-hosted-page';
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
jest.mock('../api/open-hosted-page', () => ({ openHostedPage: jest.fn() }));
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

describe('a plan with a monthly price', () => {
  const assign = jest.mocked(openHostedPage);
  const pricedPlans = plans.map((plan) =>
    plan.type === 'pro' ? { ...plan, price_monthly: '12.50' } : plan,
  );
  let billing: Record<string, unknown> | null = null;
  const firstRespond = mockFake.respond;
  beforeEach(() => {
    assign.mockReset();
    mockFake.calls.length = 0;
    mockFake.respond = (call) => {
      if (call.table === 'subscription_plans') return { data: pricedPlans };
      if (call.table === 'user_subscriptions') return { data: billing };
      if (call.fn === 'payments') return { data: { url: 'https://checkout.example/cs_1' } };
      return firstRespond(call);
    };
  });
  afterAll(() => {
    mockFake.respond = firstRespond;
  });

  it('says what is charged and when, and subscribes through checkout', async () => {
    billing = {
      status: 'active',
      cancel_at_period_end: false,
      current_period_end: null,
      stripe_subscription_id: null,
    };
    renderWithProviders(<PlansPage />, {
      session: { user, accountType: 'professional', subscription: free },
    });
    expect(
      await screen.findByText(/£12.50 a month, charged by card when you subscribe/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Both plans cost professionals nothing/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro: £12.50 a month' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(mockFake.calls.find((call) => call.fn === 'payments')?.args).toEqual({
      action: 'subscribe',
      plan: 'pro',
    });
    expect(mockFake.calls.some((call) => call.rpc === 'change_my_plan')).toBe(false);
  });

  it('shows the running subscription, its cancellation date, and opens the billing portal', async () => {
    billing = {
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: '2026-12-29T10:00:00Z',
      stripe_subscription_id: 'sub_1',
    };
    renderWithProviders(<PlansPage />, {
      session: {
        user,
        accountType: 'professional',
        subscription: {
          plan_type: 'pro',
          plan_name: 'Pro',
          features: {},
          limits: {},
          commission_rate: 8,
        },
      },
    });
    expect(
      await screen.findByText(/Cancelled: you keep this plan until 29 December 2026/),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Manage billing (change card or cancel)' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(mockFake.calls.find((call) => call.fn === 'payments')?.args).toEqual({
      action: 'billing-portal',
    });
    // no other plan is offered while the paid subscription runs
    expect(screen.queryByRole('button', { name: 'Move to Free' })).not.toBeInTheDocument();
    expect(screen.getByText(/Your paid subscription is running/)).toBeInTheDocument();
  });
});
