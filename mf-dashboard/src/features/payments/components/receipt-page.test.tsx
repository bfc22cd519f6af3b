import { provideRuntimeConfig } from '@promatch/shared';
import { fakeSupabase, renderWithProviders } from '@promatch/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { ReceiptData } from '../api/receipts';
import { ReceiptDocument } from './receipt-document';
import { ReceiptPage } from './receipt-page';

const released: ReceiptData = {
  milestone_id: '5d1c7a4e-0000-4000-8000-000000000001',
  document: 'receipt',
  viewer: 'business',
  description: 'Booking API, phase one',
  project_title: 'Booking API',
  status: 'released',
  business_name: 'Bea',
  business_company: 'Bea Bakes Ltd',
  professional_name: 'Priya',
  amount_pence: 123_456,
  paid_pence: 123_456,
  paid_at: '2026-11-20T10:00:00Z',
  payment_id: 'pi_local_abc',
  fee_rate: null,
  fee_pence: null,
  payout_pence: null,
  paid_out_pence: null,
  paid_out_at: null,
  transfer_id: null,
  refunded_pence: null,
  refunded_at: null,
  refund_id: null,
};
const statement: ReceiptData = {
  ...released,
  document: 'statement',
  viewer: 'professional',
  payment_id: null,
  fee_rate: 12.5,
  fee_pence: 15_432,
  payout_pence: 108_024,
  paid_out_pence: 108_024,
  paid_out_at: '2026-11-22T09:00:00Z',
  transfer_id: 'tr_local_xyz',
};
const platform = { name: 'ProMatch', addressLines: ['1 Test Street', 'Leeds LS1 1AA'] };

let mockAnswer: { data?: unknown; error?: { message: string; code?: string } } = {
  data: released,
};
const mockFake = fakeSupabase((call) =>
  call.rpc === 'milestone_receipt' ? mockAnswer : { error: { message: 'unexpected' } },
);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const row = (name: string | RegExp) => screen.getByRole('row', { name });

it("shows the business's receipt in GBP with the payment id, the platform's address and a blank VAT number", () => {
  renderWithProviders(<ReceiptDocument receipt={released} platform={platform} />);
  expect(screen.getByRole('heading', { name: 'Receipt' })).toBeInTheDocument();
  expect(row(/Amount paid/)).toHaveTextContent('£1,234.56');
  expect(screen.getByTestId('price')).toHaveTextContent('£1,234.56');
  expect(screen.getByTestId('payment-id')).toHaveTextContent('pi_local_abc');
  expect(screen.getByTestId('paid-date')).toHaveTextContent('20 Nov 2026');
  expect(screen.getByText('Bea, Bea Bakes Ltd')).toBeInTheDocument();
  const issuer = screen.getByRole('group', { name: 'Issued by' });
  expect(issuer).toHaveTextContent('ProMatch1 Test StreetLeeds LS1 1AA');
  // VAT fields are there, and blank when no VAT number is configured
  expect(screen.getByText('VAT registration number')).toBeInTheDocument();
  expect(screen.getByTestId('vat-number')).toBeEmptyDOMElement();
  expect(screen.getByTestId('vat-amount')).toBeEmptyDOMElement();
  // the professional's fee is not on the business's receipt
  expect(screen.queryByText(/Platform fee/)).not.toBeInTheDocument();
});

it('prints the VAT number when the platform has one configured', () => {
  renderWithProviders(
    <ReceiptDocument receipt={released} platform={{ ...platform, vatNumber: 'GB123456789' }} />,
  );
  expect(screen.getByTestId('vat-number')).toHaveTextContent('GB123456789');
});

it("shows the professional's statement: price, the fee at the frozen rate, and price less fee paid out", () => {
  renderWithProviders(<ReceiptDocument receipt={statement} platform={platform} />);
  expect(screen.getByRole('heading', { name: 'Payment statement' })).toBeInTheDocument();
  expect(screen.getByTestId('price')).toHaveTextContent('£1,234.56');
  expect(row(/Platform fee \(12\.5%, your plan's rate when you were hired\)/)).toHaveTextContent(
    '-£154.32',
  );
  expect(row(/Amount paid out/)).toHaveTextContent('£1,080.24');
  expect(screen.getByText(/Paid out on 22 Nov 2026 \(transfer id tr_local_xyz\)/)).toBeVisible();
  expect(screen.queryByTestId('payment-id')).not.toBeInTheDocument();
});

it('a refunded milestone says so: the business sees the refund, the professional is paid nothing', () => {
  const refund = {
    status: 'refunded' as const,
    refunded_pence: 123_456,
    refunded_at: '2026-11-21T12:00:00Z',
  };
  const { unmount } = renderWithProviders(
    <ReceiptDocument receipt={{ ...released, ...refund, refund_id: 're_1' }} platform={platform} />,
  );
  expect(row(/Refunded on 21 Nov 2026/)).toHaveTextContent('£1,234.56');
  expect(screen.getByTestId('refund-note')).toHaveTextContent(
    'Refunded: £1,234.56 went back to the business on 21 Nov 2026 (refund id re_1).',
  );
  unmount();
  renderWithProviders(
    <ReceiptDocument
      receipt={{
        ...statement,
        ...refund,
        fee_pence: null,
        payout_pence: null,
        paid_out_pence: null,
        paid_out_at: null,
        transfer_id: null,
      }}
      platform={platform}
    />,
  );
  expect(row(/Amount paid out/)).toHaveTextContent('£0.00');
  expect(screen.queryByText(/Platform fee/)).not.toBeInTheDocument();
  expect(screen.getByTestId('refund-note')).toHaveTextContent(
    'Nothing is paid out for this milestone.',
  );
});

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/payments/receipts/:milestoneId" element={<ReceiptPage />} />
    </Routes>,
    { path: `/payments/receipts/${released.milestone_id}` },
  );

it('the page loads the receipt of the milestone in its address and prints it', async () => {
  provideRuntimeConfig({
    supabaseUrl: 'http://localhost',
    supabaseAnonKey: 'anon',
    videoProvider: 'p2p',
    features: {},
    platform: { name: 'ProMatch Test Ltd', addressLines: ['9 Quay St'], vatNumber: 'GB999' },
  });
  // jsdom has no fetch, and loadRuntimeConfig names it as its default argument; the provided
  // configuration is what it answers with.
  Object.assign(window, { fetch: jest.fn() });
  mockAnswer = { data: released };
  const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
  renderPage();
  const sheet = await screen.findByRole('article', { name: 'Receipt' });
  expect(within(sheet).getByTestId('amount-paid')).toHaveTextContent('£1,234.56');
  expect(await within(sheet).findByText('ProMatch Test Ltd')).toBeVisible();
  expect(within(sheet).getByTestId('vat-number')).toHaveTextContent('GB999');
  expect(mockFake.calls.at(-1)).toMatchObject({
    rpc: 'milestone_receipt',
    args: { p_milestone: released.milestone_id },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
  expect(print).toHaveBeenCalledTimes(1);
  print.mockRestore();
});

it("someone else's milestone shows the database's refusal and nothing to print", async () => {
  mockAnswer = { error: { message: 'No such milestone on a hire of yours.', code: 'P0002' } };
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'No such milestone on a hire of yours.',
  );
  expect(screen.queryByRole('button', { name: 'Print or save as PDF' })).not.toBeInTheDocument();
});
