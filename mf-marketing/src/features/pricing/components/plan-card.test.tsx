import type { ActivePlan } from '@promatch/shared/plans';
import { renderWithProviders } from '@promatch/shared/testing';
import { screen } from '@testing-library/react';
import { PlanCard } from './plan-card';

const pro: ActivePlan = {
  type: 'pro',
  name: 'Pro',
  description: 'For busy professionals.',
  features: {
    profile_creation: true,
    unlimited_applications: true,
    basic_analytics: true,
    advanced_analytics: true,
    featured_profile: true,
    identity_verification: true,
    early_project_access: true,
    profile_verification_badge: true,
  },
  limits: { monthly_applications: -1, bookings: -1, projects: 10, file_storage: 2048 },
  commission_rate: 5,
  price_monthly: 0,
};

it('lists only the perks and limits the product delivers today', () => {
  renderWithProviders(<PlanCard plan={pro} />);
  const items = screen.getAllByRole('listitem').map((item) => item.textContent);
  expect(items).toEqual([
    'Unlimited applications a month',
    'Unlimited calls booked a month',
    '10 projects a month',
    '2 GB file storage',
    'Public profile in search',
    'Unlimited project applications',
    'Profile views and search appearances on your dashboard',
    'Advanced analytics: your response rate and response time',
    'Featured placement: listed first among equal search results, labelled Featured',
    'Identity verification by our team, with a Verified badge',
    'Early access to newly posted projects',
    'Pro badge on your profile and search card',
  ]);
  expect(screen.getByText('FREE')).toBeVisible();
  expect(screen.getByText('Most Popular')).toBeVisible();
  expect(screen.getByText('5% platform fee')).toBeVisible();
});

it('shows a priced plan to the penny and says when it is charged', () => {
  renderWithProviders(<PlanCard plan={{ ...pro, price_monthly: 12.5 }} />);
  expect(screen.getByText('£12.50/month')).toBeInTheDocument();
  expect(screen.getByText(/Charged by card when you subscribe, then monthly/)).toBeInTheDocument();
  expect(screen.queryByText('FREE')).not.toBeInTheDocument();
});
