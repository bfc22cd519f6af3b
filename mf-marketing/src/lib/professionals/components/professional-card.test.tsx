import { screen } from '@testing-library/react';
import { renderWithProviders } from '@promatch/shared/testing';
import type { ProfessionalCard as Professional } from '../types';
import { ProfessionalCard } from './professional-card';

const professional = (overrides: Partial<Professional> = {}): Professional => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Priya Shah',
  title: 'Senior React Developer',
  location: 'Leeds',
  skills: ['React', 'TypeScript', 'Node.js', 'GraphQL', 'Next.js'],
  categories: ['software-development'],
  hourly_rate_min: 55,
  hourly_rate_max: 85,
  rating: 4.8,
  review_count: 12,
  verified: true,
  response_time: 'within 2 hours',
  completion_rate: 97,
  availability: 'available',
  description: 'Builds things.',
  avatar_url: null,
  ...overrides,
});

describe('ProfessionalCard', () => {
  it('shows initials, first 4 skills, rate in pounds, badges and facts', () => {
    renderWithProviders(<ProfessionalCard professional={professional()} />);
    expect(screen.getByText('PS')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Priya Shah' })).toHaveAttribute(
      'href',
      '/professional/11111111-1111-4111-8111-111111111111',
    );
    const skills = screen.getByRole('list', { name: 'Top skills' });
    expect(skills.querySelectorAll('li')).toHaveLength(4);
    expect(screen.queryByText('Next.js')).not.toBeInTheDocument();
    expect(screen.getByText('£55–£85/hr')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated' }).closest('dd')).toHaveTextContent(
      '4.8 (12 reviews)',
    );
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('97% of projects')).toBeInTheDocument();
  });

  it('says when there are no reviews and no verification yet', () => {
    renderWithProviders(
      <ProfessionalCard
        professional={professional({ review_count: 0, verified: false, availability: 'busy' })}
      />,
    );
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(screen.getByText('Busy: limited availability')).toBeInTheDocument();
  });

  it("labels a plan-featured professional 'Featured' and shows the Pro badge", () => {
    renderWithProviders(
      <ProfessionalCard professional={professional({ featured: true, pro_badge: true })} />,
    );
    expect(screen.getByText('Featured')).toBeInTheDocument();
    expect(screen.getByText('Pro')).toHaveAttribute('title', 'On the Pro plan');
  });

  it('shows neither badge for a professional on the free plan', () => {
    renderWithProviders(
      <ProfessionalCard professional={professional({ featured: false, pro_badge: false })} />,
    );
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
    expect(screen.queryByText('Pro')).not.toBeInTheDocument();
  });
});
