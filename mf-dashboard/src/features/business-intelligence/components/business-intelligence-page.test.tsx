import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadTimeChart } from '@promatch/shared/charts';
import { fakeSupabase, renderWithProviders, type FakeResult } from '@promatch/shared/testing';
import { BusinessIntelligencePage } from './business-intelligence-page';

// The far side of supabase-js: business_insights as the database answers it.
let answer: FakeResult = {};
const mockFake = fakeSupabase(() => answer);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const rpcCalls = () =>
  mockFake.calls.filter((call) => call.rpc).map((call) => [call.rpc, call.args]);

const signedIn = (type: 'professional' | 'business') => ({
  session: {
    user: {
      id: 'b-1',
      email: 'buyer@example.co.uk',
      name: 'Buyer',
      type,
      domain: 'example.co.uk',
      user_metadata: {},
    },
    accountType: type,
  },
});

const INSIGHTS = {
  months: [
    {
      month: '2026-10-01',
      projects_posted: 1,
      hires: 0,
      spend_committed: 0,
      median_days_to_hire: null,
      median_day_rate: null,
      market_median_day_rate: null,
    },
    {
      month: '2026-11-01',
      projects_posted: 2,
      hires: 2,
      spend_committed: 12000,
      median_days_to_hire: 3.5,
      median_day_rate: 550,
      market_median_day_rate: 600,
    },
  ],
  categories: [
    {
      category: 'cloud-services',
      hires: 2,
      spend_committed: 12000,
      median_day_rate: 550,
      market_median_day_rate: 600,
    },
  ],
  hires: [
    {
      project_id: 'p1',
      title: 'Ledger, "phase 2"',
      category: 'cloud-services',
      budget_type: 'day',
      rate: 550,
      professional_name: 'Pia Pro',
      published_at: '2026-11-01T09:00:00Z',
      hired_at: '2026-11-03T09:00:00Z',
      days_to_hire: 2,
    },
    {
      project_id: 'p2',
      title: 'Migration',
      category: 'cloud-services',
      budget_type: 'fixed',
      rate: 12000,
      professional_name: 'Oli Other',
      published_at: '2026-11-01T09:00:00Z',
      hired_at: '2026-11-06T09:00:00Z',
      days_to_hire: 5,
    },
  ],
  totals: { projects_posted: 3, hires: 2, spend_committed: 12000, median_days_to_hire: 3.5 },
};

const stat = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

// The page starts loading the chart code as it opens. In jest that first load compiles d3 and visx,
// which on a busy two-core machine outlasts findBy's one second: load it once before any test.
beforeAll(() => loadTimeChart(), 60_000);

beforeEach(() => {
  mockFake.calls.length = 0;
  answer = {};
});

describe('business intelligence', () => {
  it('tells a professional it is for businesses and asks the database nothing', () => {
    renderWithProviders(<BusinessIntelligencePage />, signedIn('professional'));
    expect(screen.getByRole('note')).toHaveTextContent(
      'Business intelligence is for business accounts',
    );
    expect(screen.getByRole('link', { name: 'Analytics Dashboard' })).toHaveAttribute(
      'href',
      '/analytics-dashboard',
    );
    expect(rpcCalls()).toHaveLength(0);
  });

  it('shows a business its spend, hires and rates against the marketplace', async () => {
    answer = { data: INSIGHTS, error: null };
    renderWithProviders(<BusinessIntelligencePage />, signedIn('business'));
    await screen.findByRole('heading', { name: 'Totals for these dates' });
    expect(stat('Hires')).toBe('2');
    expect(stat('Fixed-price spend committed')).toBe('£12,000');
    expect(stat('Median time to hire')).toBe('3.5 days');
    const categories = screen.getByRole('table', { name: 'Hires by category' });
    expect(within(categories).getByRole('row', { name: /Cloud Services/ })).toHaveTextContent(
      'Cloud Services2£12,000£550£600',
    );
    const hires = screen.getByRole('table', { name: 'Every hire in these dates, newest first' });
    expect(within(hires).getByRole('link', { name: 'Ledger, "phase 2"' })).toHaveAttribute(
      'href',
      '/projects/p1',
    );
    expect(within(hires).getByRole('row', { name: /Ledger/ })).toHaveTextContent('£550 a day');
    const rates = screen.getByRole('figure', { name: 'Day rates against the marketplace median' });
    await userEvent.click(within(rates).getByText('Show the figures as a table'));
    expect(
      within(within(rates).getByRole('table')).getByRole('row', { name: /Nov 2026/ }),
    ).toHaveTextContent('£550£600');
  });

  it('downloads the hires as CSV with every cell escaped', async () => {
    answer = { data: INSIGHTS, error: null };
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:hires';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<BusinessIntelligencePage />, signedIn('business'));
    await userEvent.click(await screen.findByRole('button', { name: 'Download hires (CSV)' }));
    expect(click).toHaveBeenCalled();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^promatch-hires-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(text.split('\r\n').slice(0, 3)).toEqual([
      'Project,Category,Professional,Rate (GBP),Rate basis,Published (UTC),Hired (UTC),Days to hire',
      '"Ledger, ""phase 2""",Cloud Services,Pia Pro,550,per day,2026-11-01T09:00:00Z,2026-11-03T09:00:00Z,2',
      'Migration,Cloud Services,Oli Other,12000,fixed price,2026-11-01T09:00:00Z,2026-11-06T09:00:00Z,5',
    ]);
    click.mockRestore();
  });
});
