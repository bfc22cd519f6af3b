import { screen } from '@testing-library/react';
import { renderWithProviders } from '@promatch/shared/testing';
import type { UserSubscription } from '@promatch/shared';
import { ProfessionalVerification } from './verification-request';
import { fetchBadgeStatus } from '../api/verification-api';

jest.mock('../api/verification-api', () => ({
  ...jest.requireActual('../api/verification-api'),
  fetchBadgeStatus: jest.fn(),
}));

const plan = (identity: boolean): UserSubscription => ({
  plan_type: identity ? 'pro' : 'free',
  plan_name: identity ? 'Pro' : 'Free',
  features: { identity_verification: identity },
  limits: {},
  commission_rate: identity ? 8 : 15,
});

const professional = (subscription: UserSubscription) => ({
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
    subscription,
  },
});

beforeEach(() => {
  jest.mocked(fetchBadgeStatus).mockResolvedValue({ verified: false, latest: null });
});

describe('identity verification follows the plan', () => {
  it('offers the request form on a plan with identity_verification', async () => {
    renderWithProviders(<ProfessionalVerification />, professional(plan(true)));
    expect(
      await screen.findByRole('form', { name: 'Request the verified badge' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Identity verification' })).toBeNull();
  });

  it('says where it comes from on a plan without it, and offers no form', async () => {
    renderWithProviders(<ProfessionalVerification />, professional(plan(false)));
    expect(await screen.findByRole('note', { name: 'Identity verification' })).toHaveTextContent(
      'is included in the Pro plan',
    );
    expect(screen.queryByRole('form', { name: 'Request the verified badge' })).toBeNull();
  });

  it('still shows the badge once verified, whatever the plan', async () => {
    jest.mocked(fetchBadgeStatus).mockResolvedValue({ verified: true, latest: null });
    renderWithProviders(<ProfessionalVerification />, professional(plan(false)));
    expect(await screen.findByText('Your profile shows the verified badge.')).toBeInTheDocument();
  });
});
