import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { CompanyVerificationStatus } from './company-verification-status';

// The far side of supabase-js: the business's own company (or none) and the verify-company call.
const company = jest.fn();
const invoke = jest.fn();
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () =>
    Promise.resolve({
      from: () => ({
        select: () => ({ eq: () => ({ maybeSingle: () => company() }) }),
      }),
      functions: { invoke },
    }),
}));

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
const answer = (companies: object | null) => ({ data: { companies }, error: null });
const pending = {
  company_name: 'ACME WIDGETS LTD',
  company_number: '01234567',
  verification_status: 'pending',
  verification_note: null,
};

beforeEach(() => {
  company.mockReset();
  invoke.mockReset();
});

describe("a business's company verification on its dashboard", () => {
  it('pending: the state, what it can do now, and a check with Companies House', async () => {
    company.mockResolvedValue(answer(pending));
    renderWithProviders(<CompanyVerificationStatus />, business);
    expect(await screen.findByRole('status', { name: 'Company verification' })).toHaveTextContent(
      'ACME WIDGETS LTD: Pending Verification',
    );
    expect(screen.getByText(/Publishing projects, writing to professionals first/)).toBeVisible();
    expect(screen.getByLabelText('Company number')).toHaveValue('01234567');

    invoke.mockResolvedValue({
      data: { success: true, company: { company_name: 'ACME WIDGETS LTD' }, fallback: false },
      error: null,
    });
    company.mockResolvedValue(answer({ ...pending, verification_status: 'verified' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check with Companies House' }));
    expect(invoke).toHaveBeenCalledWith('verify-company', {
      body: { action: 'verify', company_number: '01234567' },
    });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Company verification' })).toHaveTextContent(
        'ACME WIDGETS LTD: Verified',
      ),
    );
    expect(screen.queryByText(/Publishing projects, writing to professionals first/)).toBeNull();
  });

  it('no company: says so and asks for the number; a bad number is explained without a call', async () => {
    company.mockResolvedValue(answer(null));
    renderWithProviders(<CompanyVerificationStatus />, business);
    expect(await screen.findByRole('status', { name: 'Company verification' })).toHaveTextContent(
      'Not verified',
    );
    await userEvent.type(screen.getByLabelText('Company number'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Check with Companies House' }));
    expect(await screen.findByText(/Please enter a valid UK company number/)).toBeVisible();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('the register unavailable: says so and what happens instead', async () => {
    company.mockResolvedValue(
      answer({ ...pending, verification_status: 'rejected', verification_note: 'Dissolved' }),
    );
    invoke.mockResolvedValue({
      data: { success: false, fallback: true, error: 'down' },
      error: null,
    });
    renderWithProviders(<CompanyVerificationStatus />, business);
    expect(await screen.findByRole('status', { name: 'Company verification' })).toHaveTextContent(
      'Verification rejected Reason: Dissolved',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check with Companies House' }));
    expect(await screen.findByText(/Companies House could not be reached just now/)).toBeVisible();
  });
});
