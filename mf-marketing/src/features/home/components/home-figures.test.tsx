import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { createTestQueryClient, renderWithProviders } from '@promatch/shared/testing';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { MarketplaceStats } from '../../../lib/professionals/api/get-marketplace-stats';
import { professionalKeys } from '../../../lib/professionals/api/keys';
import { DemoDataNotice } from '../../../lib/professionals/components/demo-data-notice';
import { CategoryBrowser } from './category-browser';
import { StatsBand } from './stats-band';

const stats = (overrides: Partial<MarketplaceStats> = {}): MarketplaceStats => ({
  professionals: 1234,
  cities: 48,
  verified: 600,
  average_rating: 4.62,
  reviews: 5000,
  categories: { 'software-development': 410, cybersecurity: 1 },
  completed_projects: 0,
  demo_accounts: 0,
  success_rate: null,
  ...overrides,
});

/** Renders with the figures the database answered, as the server-rendered page hands them over. */
function renderWithStats(ui: ReactElement, figures: MarketplaceStats) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(professionalKeys.stats(), figures);
  return renderWithProviders(ui, { queryClient });
}

describe('home page figures', () => {
  it('shows no outcome figure while no project has been completed', () => {
    renderWithStats(<StatsBand />, stats());
    const band = screen.getByLabelText('ProMatch in numbers');
    expect(within(band).getByText('1,234')).toBeInTheDocument();
    expect(within(band).getByText('4.6/5')).toBeInTheDocument();
    expect(within(band).queryByText(/completed/)).not.toBeInTheDocument();
    expect(within(band).queryByText(/%/)).not.toBeInTheDocument();
  });

  it('counts completed projects once there are some', () => {
    renderWithStats(<StatsBand />, stats({ completed_projects: 1520 }));
    const term = screen.getByText('projects completed successfully');
    expect(term.nextElementSibling).toHaveTextContent('1,520');
  });

  it('has one card per service category, linking to it, with its professional count', () => {
    renderWithStats(<CategoryBrowser />, stats());
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(SERVICE_CATEGORIES.length);
    expect(screen.getByRole('link', { name: 'Software Development' })).toHaveAttribute(
      'href',
      '/browse-professionals?category=software-development',
    );
    expect(screen.getByRole('link', { name: 'UX/UI Design' })).toHaveAttribute(
      'href',
      '/browse-professionals?category=ux-ui-design',
    );
    const card = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;
    expect(within(card('Software Development')).getByText('410 professionals')).toBeVisible();
    expect(within(card('Cybersecurity')).getByText('1 professional')).toBeVisible();
    // A category nobody offers yet says so, rather than borrowing a sample figure.
    expect(within(card('Quality Assurance')).getByText('0 professionals')).toBeVisible();
  });

  it('says the listings are demo data only while demo accounts exist', () => {
    const { unmount } = renderWithStats(<DemoDataNotice />, stats({ demo_accounts: 520 }));
    expect(screen.getByRole('note')).toHaveTextContent(
      'Demo data: the professionals, businesses and reviews listed here are generated examples, not real people.',
    );
    unmount();
    renderWithStats(<DemoDataNotice />, stats({ demo_accounts: 0 }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
