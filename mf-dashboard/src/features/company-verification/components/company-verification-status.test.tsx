import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeSupabase,
  opArgs,
  renderWithProviders,
  type FakeResult,
} from '@promatch/shared/testing';
import { CompanyVerificationStatus } from './company-verification-status';

// The far side of supabase-js: the business's own company (or none) and the verify-company call.
let companies: object | null = null;
let verified: FakeResult = {};
const mockFake = fakeSupabase((call) => {
  if (call.table === 'profiles' && opArgs(call, 'eq')?.[1] === 'b-1')
    return { data: { companies } };
  if (call.fn === 'verify-company') return verified;
  return { error: { message: `unexpected ${call.table ?? call.fn}` } };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const verifyCalls = () => mockFake.calls.filter((call) => call.fn === 'verify-company');

const business = {
  session: {
    user: {
      id: 'b-1',
      email: 'bea@acme.co.uk',
      name: 'Bea',
      type: 'business' as const,
      domain: 'acme.co.uk',
      user_metadata: {},
    },
    accountType: 'business' as const,
  },
};
const pending = {
  company_name: 'ACME WIDGETS LTD',
  company_number: '01234567',
  verification_status: 'pending',
  verification_note: null,
};

beforeEach(() => {
  mockFake.calls.length = 0;
  companies = null;
  verified = {};
});

describe("a business's company verification on its dashboard", () => {
  it('pending: the state, what it can do now, and a check with Companies House', async () => {
    companies = pending;
    renderWithProviders(<CompanyVerificationStatus />, business);
    expect(await screen.findByRole('status', { name: 'Company verification' })).toHaveTextContent(
      'ACME WIDGETS LTD: Pending Verification',
    );
    expect(screen.getByText(/Publishing projects, writing to professionals first/)).toBeVisible();
    expect(screen.getByLabelText('Company number')).toHaveValue('01234567');

    verified = {
      data: { success: true, company: { company_name: 'ACME WIDGETS LTD' }, fallback: false },
    };
    companies = { ...pending, verification_status: 'verified' };
    await userEvent.click(screen.getByRole('button', { name: 'Check with Companies House' }));
    expect(verifyCalls().map((call) => call.args)).toEqual([
      { action: 'verify', company_number: '01234567' },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Company verification' })).toHaveTextContent(
        'ACME WIDGETS LTD: Verified',
      ),
    );
    expect(screen.queryByText(/Publishing projects, writing to professionals first/)).toBeNull();
  });

  it('no company: says so and asks for the number; a bad number is explained without a call', async () => {
    companies = null;
    renderWithProviders(<CompanyVerificationStatus />, business);
    expect(await screen.findByRole('status', { name: 'Company verification' })).toHaveTextContent(
      'Not verified',
    );
    await userEvent.type(screen.getByLabelText('Company number'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Check with Companies House' }));
    expect(await screen.findByText(/Please enter a valid UK company number/)).toBeVisible();
    expect(verifyCalls()).toHaveLength(0);
  });

  it('the register unavailable: says so and what happens instead', async () => {
    companies = { ...pending, verification_status: 'rejected', verification_note: 'Dissolved' };
    verified = { data: { success: false, fallback: true, error: 'down' } };
    renderWithProviders(<CompanyVerificationStatus />, business);
    expect(await screen.findByRole('status', { name: 'Company verification' })).toHaveTextContent(
      'Verification rejected Reason: Dissolved',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check with Companies House' }));
    expect(await screen.findByText(/Companies House could not be reached just now/)).toBeVisible();
  });
});
