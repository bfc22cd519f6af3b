import { screen } from '@testing-library/react';
import { fakeSupabase, renderWithProviders, type FakeResult } from '../testing/render';
import { BusinessVerificationBadge, BusinessVerificationNote } from './business-verification-badge';

let answer: FakeResult = {};
const mockFake = fakeSupabase(() => answer);
jest.mock('../supabase/client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const rpcCalls = () =>
  mockFake.calls.filter((call) => call.rpc).map((call) => [call.rpc, call.args]);

const signedIn = {
  session: {
    user: {
      id: 'p-1',
      email: 'pat@example.co.uk',
      name: 'Pat',
      type: 'professional' as const,
      domain: 'example.co.uk',
      user_metadata: {},
    },
    accountType: 'professional' as const,
  },
};

beforeEach(() => {
  mockFake.calls.length = 0;
  answer = {};
});

describe("a business's verification as professionals see it", () => {
  it('verified: company, number and the date', () => {
    renderWithProviders(
      <BusinessVerificationNote
        verification={{
          businessId: 'b-1',
          companyName: 'ACME WIDGETS LTD',
          companyNumber: '01234567',
          status: 'verified',
          verifiedAt: '2026-11-03T10:00:00Z',
        }}
      />,
    );
    expect(screen.getByTestId('business-verification')).toHaveTextContent(
      'Verified business ACME WIDGETS LTD (company no. 01234567), verified 3 Nov 2026',
    );
  });

  it('pending and missing say so, with no date', () => {
    const { unmount } = renderWithProviders(
      <BusinessVerificationNote
        verification={{
          businessId: 'b-1',
          companyName: 'PENDING LTD',
          companyNumber: '07654321',
          status: 'pending',
          verifiedAt: null,
        }}
      />,
    );
    expect(screen.getByTestId('business-verification')).toHaveTextContent(
      'Verification pending PENDING LTD (company no. 07654321)',
    );
    unmount(); // a fresh render keeps the theme, which rerender would drop
    renderWithProviders(
      <BusinessVerificationNote
        verification={{
          businessId: 'b-2',
          companyName: null,
          companyNumber: null,
          status: 'missing',
          verifiedAt: null,
        }}
      />,
    );
    expect(screen.getByTestId('business-verification')).toHaveTextContent(
      'Not verified No company registration given',
    );
  });

  it('asks business_verifications for the one id and shows nothing for a professional', async () => {
    answer = {
      data: [
        {
          business_id: 'b-1',
          company_name: 'ACME WIDGETS LTD',
          company_number: '01234567',
          verification_status: 'rejected',
          verified_at: null,
        },
      ],
      error: null,
    };
    renderWithProviders(<BusinessVerificationBadge businessId="b-1" />, signedIn);
    expect(await screen.findByTestId('business-verification')).toHaveTextContent(
      'Not verified ACME WIDGETS LTD',
    );
    expect(rpcCalls()).toContainEqual(['business_verifications', { p_business_ids: ['b-1'] }]);

    answer = { data: [], error: null };
    renderWithProviders(<BusinessVerificationBadge businessId="p-9" />, signedIn);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByTestId('business-verification')).toHaveLength(1);
  });
});
