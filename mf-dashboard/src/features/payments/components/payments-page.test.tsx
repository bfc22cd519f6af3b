import { screen, within } from '@testing-library/react';
import { fakeSupabase, renderWithProviders } from '@promatch/shared/testing';
import { PaymentsPage } from './payments-page';

const milestone = {
  id: 'm1',
  project_id: 'p1',
  business_id: 'b1',
  professional_id: 'u1',
  amount_pence: 123_450,
  description: 'Booking API, phase one',
  due_date: '2026-12-24',
  fee_rate: '12.50',
  status: 'draft',
  refund_requested_by: null,
  auto_refund_at: null as string | null,
  refund_cause: null as string | null,
  projects: { title: 'Booking API' },
};
const mockFake = fakeSupabase((call) => {
  if (call.table === 'payout_accounts') return { data: { status: 'restricted' } };
  if (call.table === 'milestones') return { data: [milestone] };
  if (call.table === 'ledger_entries')
    return {
      data: [
        {
          id: 2,
          kind: 'fee',
          amount_pence: 1_000,
          milestone_id: 'm0',
          created_at: '2026-11-20T10:00:00Z',
        },
        {
          id: 1,
          kind: 'transfer',
          amount_pence: 9_000,
          milestone_id: 'm0',
          created_at: '2026-11-20T10:00:00Z',
        },
      ],
    };
  return { error: { message: `unexpected ${call.table ?? call.rpc}` } };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const professional = {
  id: 'u1',
  email: 'p@b.uk',
  name: 'Priya',
  type: 'professional' as const,
  domain: 'b.uk',
  user_metadata: {},
};

it('shows a professional their payout status, what they receive after the fee, and why funding waits', async () => {
  renderWithProviders(<PaymentsPage />, {
    session: { user: professional, accountType: 'professional' },
  });
  expect(await screen.findByTestId('payout-status')).toHaveTextContent(
    'Status: Restricted: the payment provider needs more details',
  );
  expect(screen.getByRole('button', { name: 'Continue payout setup' })).toBeInTheDocument();
  const item = await screen.findByRole('listitem', { name: 'Booking API, phase one' });
  expect(within(item).getByText('£1,234.50')).toBeInTheDocument();
  // 12.5% of £1,234.50 is £154.3125: the fee rounds to £154.31
  expect(item).toHaveTextContent('You receive £1,080.19 after the £154.31 platform fee (12.5%');
  expect(item).toHaveTextContent('due 24 Dec 2026');
  expect(item).toHaveTextContent(
    'Set up payouts above so that the business can fund this milestone.',
  );
  expect(within(item).queryByRole('button', { name: /Fund/ })).not.toBeInTheDocument();
  const received = screen.getByRole('region', { name: 'Payments received' });
  expect(await within(received).findByText('Paid to your payout account')).toBeInTheDocument();
  expect(within(received).getByText('£90.00')).toBeInTheDocument();
  expect(within(received).getByText('Platform fee')).toBeInTheDocument();
});

it('offers the business Fund and Cancel on an unfunded milestone, and no payout setup', async () => {
  renderWithProviders(<PaymentsPage />, {
    session: {
      user: { ...professional, id: 'b1', type: 'business' },
      accountType: 'business',
    },
  });
  const item = await screen.findByRole('listitem', { name: 'Booking API, phase one' });
  expect(within(item).getByRole('button', { name: 'Fund £1,234.50' })).toBeInTheDocument();
  expect(within(item).getByRole('button', { name: 'Cancel milestone' })).toBeInTheDocument();
  expect(item).not.toHaveTextContent('You receive');
  expect(screen.queryByRole('heading', { name: 'Payouts' })).not.toBeInTheDocument();
  // nothing paid yet: no receipt
  expect(within(item).queryByRole('link', { name: /Receipt/ })).not.toBeInTheDocument();
});

it('links each paid milestone to its receipt (business) or payment statement (professional)', async () => {
  milestone.status = 'released';
  const { unmount } = renderWithProviders(<PaymentsPage />, {
    session: {
      user: { ...professional, id: 'b1', type: 'business' },
      accountType: 'business',
    },
  });
  const item = await screen.findByRole('listitem', { name: 'Booking API, phase one' });
  expect(
    within(item).getByRole('link', { name: 'Receipt for Booking API, phase one' }),
  ).toHaveAttribute('href', '/payments/receipts/m1');
  unmount();
  renderWithProviders(<PaymentsPage />, {
    session: { user: professional, accountType: 'professional' },
  });
  const mine = await screen.findByRole('listitem', { name: 'Booking API, phase one' });
  expect(
    within(mine).getByRole('link', { name: 'Payment statement for Booking API, phase one' }),
  ).toHaveAttribute('href', '/payments/receipts/m1');
  milestone.status = 'draft';
});

it('tells both parties when a funded or delivered milestone is refunded automatically', async () => {
  milestone.status = 'delivered';
  milestone.auto_refund_at = '2027-01-23T10:00:00Z';
  const { unmount } = renderWithProviders(<PaymentsPage />, {
    session: {
      user: { ...professional, id: 'b1', type: 'business' },
      accountType: 'business',
    },
  });
  const item = await screen.findByRole('listitem', { name: 'Booking API, phase one' });
  expect(within(item).getByTestId('auto-refund')).toHaveTextContent(
    'Approve or dispute this work by 23 Jan 2027. If you do neither, the payment is refunded to you automatically.',
  );
  unmount();
  milestone.status = 'funded';
  const second = renderWithProviders(<PaymentsPage />, {
    session: { user: professional, accountType: 'professional' },
  });
  const mine = await screen.findByRole('listitem', { name: 'Booking API, phase one' });
  expect(within(mine).getByTestId('auto-refund')).toHaveTextContent(
    'If this milestone is not delivered by 23 Jan 2027, the payment is refunded to the business automatically. Once it is delivered, the business has 30 days to approve or dispute it.',
  );
  second.unmount();
  milestone.status = 'refunded';
  milestone.auto_refund_at = null;
  milestone.refund_cause = 'not_approved_in_time';
  renderWithProviders(<PaymentsPage />, {
    session: { user: professional, accountType: 'professional' },
  });
  const done = await screen.findByRole('listitem', { name: 'Booking API, phase one' });
  expect(done).toHaveTextContent('Refunded automatically: it was not approved within 30 days.');
  expect(within(done).queryByTestId('auto-refund')).not.toBeInTheDocument();
  milestone.status = 'draft';
  milestone.refund_cause = null;
});
