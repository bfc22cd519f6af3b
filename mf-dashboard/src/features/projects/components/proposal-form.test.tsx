import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeSupabase,
  opArgs,
  renderWithProviders,
  type FakeResult,
} from '@promatch/shared/testing';
import { ProposalForm } from './proposal-form';

// the far side of supabase-js: this month's usage, and what the proposal insert answers
let usage: { metric_name: string; current_usage: number }[] = [];
let insertResult: FakeResult = {};
const mockFake = fakeSupabase((call) =>
  call.table === 'subscription_usage' ? { data: usage } : insertResult,
);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const inserted = () =>
  opArgs(
    mockFake.calls.find((call) => call.table === 'project_applications'),
    'insert',
  );

const free = {
  plan_type: 'free' as const,
  plan_name: 'Free',
  features: { early_project_access: false },
  limits: { monthly_applications: 10 },
  commission_rate: 15,
};
const session = {
  user: {
    id: 'u1',
    email: 'a@b.uk',
    name: 'Ann',
    type: 'professional' as const,
    domain: 'b.uk',
    user_metadata: {},
  },
  accountType: 'professional' as const,
  subscription: free,
};

beforeEach(() => {
  mockFake.calls.length = 0;
  insertResult = {};
  usage = [];
});

it('tells a free professional at the limit why they cannot apply, and offers the upgrade', async () => {
  usage = [{ metric_name: 'monthly_applications', current_usage: 10 }];
  renderWithProviders(<ProposalForm projectId="p1" budgetType="day" />, { session });
  expect(
    await screen.findByText('You have used all 10 of your monthly applications on the Free plan.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/plan');
  expect(screen.queryByRole('button', { name: 'Send proposal' })).not.toBeInTheDocument();
});

it('shows what is left, validates, and sends the proposal with the rate in the project unit', async () => {
  usage = [{ metric_name: 'monthly_applications', current_usage: 3 }];
  renderWithProviders(<ProposalForm projectId="p1" budgetType="day" />, { session });
  expect(
    await screen.findByText('7 of 10 monthly applications left on your plan.'),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Send proposal' }));
  expect(
    await screen.findByText('Write a cover note of at least 20 characters'),
  ).toBeInTheDocument();
  expect(inserted()).toBeUndefined();
  await userEvent.type(
    screen.getByLabelText('Cover note'),
    'I have built three booking APIs in Node.',
  );
  await userEvent.type(screen.getByLabelText('Your day rate (£)'), '500');
  await userEvent.type(screen.getByLabelText('Availability'), 'From Monday, 3 days a week');
  await userEvent.click(screen.getByRole('button', { name: 'Send proposal' }));
  await waitFor(() => expect(inserted()).toBeDefined());
  expect(inserted()).toEqual([
    {
      cover_letter: 'I have built three booking APIs in Node.',
      proposed_rate: 500,
      availability: 'From Monday, 3 days a week',
      project_id: 'p1',
      professional_id: 'u1',
    },
  ]);
});

it("shows the database's refusal at the limit with the upgrade link", async () => {
  insertResult = {
    error: {
      code: 'P0001',
      message: 'You have used all 10 of your monthly applications on the Free plan.',
    },
  };
  renderWithProviders(<ProposalForm projectId="p1" budgetType="hour" />, { session });
  await userEvent.type(
    await screen.findByLabelText('Cover note'),
    'I have built three booking APIs in Node.',
  );
  await userEvent.type(screen.getByLabelText('Your hourly rate (£)'), '60');
  await userEvent.type(screen.getByLabelText('Availability'), 'Now');
  await userEvent.click(screen.getByRole('button', { name: 'Send proposal' }));
  expect(
    await screen.findByText('You have used all 10 of your monthly applications on the Free plan.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toBeInTheDocument();
});
