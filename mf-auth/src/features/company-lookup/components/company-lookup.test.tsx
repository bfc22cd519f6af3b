import { toast } from '@promatch/shared';
import { type SelectedCompany } from '@promatch/shared/validation';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '@promatch/shared/testing';
import { invokeVerifyCompany } from '../api/invoke-verify-company';
import { CompanyLookup } from './company-lookup';

jest.mock('@promatch/shared', () => ({
  ...jest.requireActual('@promatch/shared'),
  toast: jest.fn(),
}));
jest.mock('../api/invoke-verify-company', () => ({ invokeVerifyCompany: jest.fn() }));

type Body = { action: string; query?: string };
/** Answers the function per action, like the server would. */
function answer(search: () => Promise<unknown>, verify?: () => Promise<unknown>) {
  jest
    .mocked(invokeVerifyCompany)
    .mockImplementation((body) =>
      (body as Body).action === 'search' ? search() : (verify ?? search)(),
    );
}
const searchCalls = () =>
  jest
    .mocked(invokeVerifyCompany)
    .mock.calls.filter(([body]) => (body as Body).action === 'search');

const acme = {
  company_number: '12345678',
  company_name: 'ACME LTD',
  company_status: 'active',
  company_type: 'ltd',
};

function Harness() {
  const [value, setValue] = useState<SelectedCompany | null>(null);
  return <CompanyLookup value={value} onChange={setValue} />;
}

const toastTitles = () => jest.mocked(toast).mock.calls.map(([input]) => input.title);

describe('CompanyLookup', () => {
  beforeEach(() => jest.clearAllMocks());

  it('asks for 3 characters, then finds, verifies and can change the company', async () => {
    answer(
      async () => ({ companies: [acme], fallback: false, error: null }),
      async () => ({ success: true, company: acme, fallback: false, error: null }),
    );
    renderWithProviders(<Harness />);
    const search = screen.getByLabelText('Search Companies House');
    await userEvent.type(search, 'ac');
    expect(
      screen.getByText('Enter at least 3 characters to search for companies.'),
    ).toBeInTheDocument();
    await userEvent.type(search, 'me');
    await userEvent.click(
      await screen.findByRole('button', { name: /ACME LTD \(12345678\)/ }, { timeout: 2000 }),
    );
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(toastTitles()).toContain('Company Verified');
    expect(searchCalls()).toEqual([[{ action: 'search', query: 'acme' }]]);
    await userEvent.click(screen.getByRole('button', { name: 'Change Company' }));
    expect(screen.getByLabelText('Search Companies House')).toBeInTheDocument();
  });

  it('opens manual entry on fallback and saves a pending company', async () => {
    answer(async () => ({ companies: [], fallback: true, error: null }));
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByLabelText('Search Companies House'), 'acme');
    const manual = await screen.findByRole(
      'group',
      { name: 'Enter company details manually' },
      { timeout: 2000 },
    );
    expect(toastTitles()).toContain('API Temporarily Unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Save Company' }));
    expect(toastTitles()).toContain('Missing Information');
    await userEvent.type(screen.getByLabelText('Company name'), 'Acme');
    await userEvent.type(screen.getByLabelText('Company number'), '12AB');
    await userEvent.click(screen.getByRole('button', { name: 'Save Company' }));
    expect(
      screen.getByText('Please enter a valid UK company number (e.g., 12345678 or SC123456).'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Company number'));
    await userEvent.type(screen.getByLabelText('Company number'), 'sc 123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save Company' }));
    expect(await screen.findByText('Pending Verification')).toBeInTheDocument();
    expect(screen.getByText('Company number SC123456')).toBeInTheDocument();
    expect(toastTitles()).toContain('Company Added');
    expect(manual).not.toBeInTheDocument();
  });

  it('a failed search says so and offers manual entry', async () => {
    answer(async () => {
      throw new Error('down');
    });
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByLabelText('Search Companies House'), 'acme');
    expect(
      await screen.findByRole(
        'group',
        { name: 'Enter company details manually' },
        { timeout: 2000 },
      ),
    ).toBeInTheDocument();
    expect(toastTitles()).toContain('Search Error');
  });
});
