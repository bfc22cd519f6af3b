import { fakeSupabase, renderWithProviders } from '@promatch/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentsPage } from './payments-page';

const dispute = {
  id: 'm1',
  project_id: 'p1',
  project_title: 'Booking API',
  description: 'Booking API, phase one',
  amount_pence: 123_450,
  disputed_from: 'delivered',
  reason: 'The API does not handle refunds.',
  opened_at: '2026-11-20T10:05:00Z',
  opened_by: 'business',
  business: { id: 'b1', name: 'Acme Ltd' },
  professional: { id: 'u1', name: 'Priya Shah' },
};
let disputes: unknown[] = [dispute];
let run: unknown = null;
const drifts = [
  {
    id: 1,
    object: 'transfer',
    provider_id: 'tr_stray',
    problem: 'missing_in_ledger',
    ledger_pence: null,
    provider_pence: 1_234,
    milestone_id: null,
  },
  {
    id: 2,
    object: 'refund',
    provider_id: 're_ghost',
    problem: 'missing_at_provider',
    ledger_pence: 999,
    provider_pence: null,
    milestone_id: 'm9',
  },
];
const mockFake = fakeSupabase((call) => {
  if (call.table === 'payment_reconciliation_runs') return { data: run };
  if (call.table === 'payment_drifts') return { data: drifts };
  if (call.rpc === 'admin_payment_disputes') return { data: disputes };
  if (call.rpc === 'admin_platform_fee_income') {
    return {
      data: { this_month_pence: 15_431, all_time_pence: 1_234_567, month_start: '2026-11-01' },
    };
  }
  if (call.fn === 'payments') {
    disputes = [];
    return { data: { status: 'refunded', refundId: 're_1', refundedPence: 123_450 } };
  }
  return { error: { message: `unexpected ${call.table ?? call.rpc ?? call.fn}` } };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

beforeEach(() => {
  disputes = [dispute];
  run = null;
  mockFake.calls.length = 0;
});

it('shows the fee income in pounds and each dispute: parties, amount, who opened it, when and why', async () => {
  renderWithProviders(<PaymentsPage />);
  expect(await screen.findByTestId('fee-this-month')).toHaveTextContent('£154.31');
  expect(screen.getByTestId('fee-all-time')).toHaveTextContent('£12,345.67');
  const item = await screen.findByRole('listitem', { name: 'Booking API, phase one' });
  expect(item).toHaveTextContent(
    '£1,234.50 on Booking API: Acme Ltd (business) paying Priya Shah (professional).',
  );
  expect(item).toHaveTextContent(
    'Opened by the business (Acme Ltd) on 20 Nov 2026, 10:05, when the milestone was delivered, not yet approved.',
  );
  expect(item).toHaveTextContent('Reason given: The API does not handle refunds.');
});

it('refuses a decision without a reason, and sends none', async () => {
  renderWithProviders(<PaymentsPage />);
  const item = await screen.findByRole('listitem', { name: 'Booking API, phase one' });
  await userEvent.click(within(item).getByRole('button', { name: 'Refund' }));
  expect(
    await within(item).findByText('Please give a reason (at least 3 characters).'),
  ).toBeInTheDocument();
  expect(mockFake.calls.filter((c) => c.fn)).toEqual([]);
});

it('a refund with a reason calls the payments function and the dispute leaves the list', async () => {
  renderWithProviders(<PaymentsPage />);
  const item = await screen.findByRole('listitem', { name: 'Booking API, phase one' });
  const refund = within(item).getByRole('form', { name: 'Refund' });
  await userEvent.type(
    within(refund).getByLabelText('Reason for the decision (refund)'),
    'Work not delivered as agreed.',
  );
  await userEvent.click(within(refund).getByRole('button', { name: 'Refund' }));
  expect(await screen.findByText('No disputed milestones.')).toBeInTheDocument();
  expect(mockFake.calls.filter((c) => c.fn)).toEqual([
    {
      fn: 'payments',
      args: {
        action: 'resolve',
        milestoneId: 'm1',
        outcome: 'refund',
        reason: 'Work not delivered as agreed.',
      },
      ops: [],
    },
  ]);
});

it('says when the portal refuses (no payments area)', async () => {
  const respond = mockFake.respond;
  mockFake.respond = () => ({ error: { message: 'permission denied', code: '42501' } });
  try {
    renderWithProviders(<PaymentsPage />);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain('No admin privileges');
  } finally {
    mockFake.respond = respond;
  }
});

it('shows the last reconciliation with the provider and each difference it found', async () => {
  const { unmount } = renderWithProviders(<PaymentsPage />);
  expect(await screen.findByText('No reconciliation has run yet.')).toBeInTheDocument();
  unmount();
  run = {
    id: 7,
    finished_at: '2026-11-29T06:00:00Z',
    window_start: '2026-10-25T06:00:00Z',
    window_end: '2026-11-29T05:50:00Z',
    checked: {
      charge: { provider: 3, ledger: 3 },
      transfer: { provider: 2, ledger: 1 },
      refund: { provider: 0, ledger: 1 },
    },
    drift_count: 2,
  };
  renderWithProviders(<PaymentsPage />);
  expect(await screen.findByTestId('reconciliation-summary')).toHaveTextContent(
    'Last run 29 Nov 2026, 06:00: 2 differences found. 3 charges, 2 transfers, 0 refunds at the provider compared.',
  );
  const table = screen.getByRole('table', { name: 'Differences found' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([
    'At the provider, not in the ledgertransfertr_stray—£12.34',
    'In the ledger, not at the providerrefundre_ghost£9.99—',
  ]);
  const driftCall = mockFake.calls.find((c) => c.table === 'payment_drifts');
  expect(driftCall?.ops).toContainEqual(['eq', ['run_id', 7]]);
});
