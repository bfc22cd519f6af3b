import { fakeSupabase, renderWithProviders } from '@promatch/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlansSection } from './plans-section';

const pro = {
  id: 'p2',
  type: 'pro',
  name: 'Pro',
  description: null,
  features: {},
  limits: { monthly_applications: -1, bookings: -1, projects: 10, file_storage: 2048 },
  commission_rate: 5,
  price_monthly: 0,
  currency: 'GBP',
  sort_order: 2,
  is_active: true,
  stripe_price_id: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};
const mockFake = fakeSupabase((call) => {
  if (call.table === 'subscription_plans') return { data: [pro] };
  if (call.table === 'admin_audit_log') return { data: [] };
  return { error: { message: `unexpected ${call.table ?? call.rpc}` } };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

it('a super admin prices a plan and sets its provider price id; a malformed id is refused', async () => {
  renderWithProviders(<PlansSection />);
  const form = await screen.findByRole('form', { name: 'Pro plan' });
  await userEvent.clear(within(form).getByLabelText('Price per month (£)'));
  await userEvent.type(within(form).getByLabelText('Price per month (£)'), '12.50');
  await userEvent.type(within(form).getByLabelText('Provider price id (Stripe)'), 'prod_123');
  await userEvent.click(within(form).getByRole('button', { name: 'Save Pro plan' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(/looks like price_/);

  await userEvent.clear(within(form).getByLabelText('Provider price id (Stripe)'));
  await userEvent.type(within(form).getByLabelText('Provider price id (Stripe)'), 'price_1Abc');
  await userEvent.click(within(form).getByRole('button', { name: 'Save Pro plan' }));
  await waitFor(() =>
    expect(
      mockFake.calls.find(
        (call) => call.table === 'subscription_plans' && call.ops[0]?.[0] === 'update',
      )?.ops[0]?.[1][0],
    ).toMatchObject({ price_monthly: 12.5, stripe_price_id: 'price_1Abc' }),
  );
});
