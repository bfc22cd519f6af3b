import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadTimeChart } from '@promatch/shared/charts';
import { fakeSupabase, renderWithProviders, type FakeResult } from '@promatch/shared/testing';
import type { UserSubscription } from '@promatch/shared';
import { AnalyticsDashboardPage } from './analytics-page';

const day = (date: string, figures: object = {}) => ({
  day: date,
  profile_views: 0,
  search_appearances: 0,
  messages_sent: 0,
  messages_received: 0,
  conversations_to_answer: 0,
  answered: 0,
  median_response_minutes: null,
  proposals: 0,
  proposals_accepted: 0,
  proposals_declined: 0,
  proposals_withdrawn: 0,
  bookings: 0,
  ...figures,
});

// The far side of supabase-js: my_analytics as the database answers it (numbers inside JSON).
let result: FakeResult = {};
const mockFake = fakeSupabase(() => result);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const rpcCalls = () =>
  mockFake.calls.filter((call) => call.rpc).map((call) => [call.rpc, call.args]);

const plan = (advanced: boolean, basic = true): UserSubscription => ({
  plan_type: advanced ? 'pro' : 'free',
  plan_name: advanced ? 'Pro' : 'Free',
  features: { basic_analytics: basic, advanced_analytics: advanced },
  limits: {},
  commission_rate: advanced ? 8 : 15,
});

const signedIn = (type: 'professional' | 'business', subscription = plan(true)) => ({
  session: {
    subscription,
    user: {
      id: 'u-1',
      email: 'someone@example.co.uk',
      name: 'Someone',
      type,
      domain: 'example.co.uk',
      user_metadata: {},
    },
    accountType: type,
  },
});

const answer = (accountType: string) => ({
  data: {
    account_type: accountType,
    days: [
      day('2026-11-24', { profile_views: 3, search_appearances: 10, messages_sent: 2 }),
      day('2026-11-25', {
        profile_views: 4,
        messages_received: 5,
        conversations_to_answer: 2,
        answered: 1,
        median_response_minutes: 95,
        proposals: 2,
        proposals_accepted: 1,
        bookings: 1,
      }),
    ],
    responses: { turns: 2, answered: 1, response_rate: 50, median_response_minutes: 95 },
  },
  error: null,
});

const stat = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

// The page starts loading the chart code as it opens. In jest that first load compiles d3 and visx,
// which on a busy two-core machine outlasts findBy's one second: load it once before any test.
beforeAll(() => loadTimeChart(), 60_000);

beforeEach(() => {
  mockFake.calls.length = 0;
  result = {};
});

describe('the analytics dashboard', () => {
  it('shows a professional their totals, and each chart’s figures as a table', async () => {
    result = answer('professional');
    renderWithProviders(<AnalyticsDashboardPage />, signedIn('professional'));
    await screen.findByRole('heading', { name: 'Totals for these dates' });
    expect(rpcCalls()).toContainEqual([
      'my_analytics',
      {
        p_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        p_to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    expect(stat('Profile views')).toBe('7');
    expect(stat('Search appearances')).toBe('10');
    expect(stat('Messages received')).toBe('5');
    expect(stat('Response rate')).toBe('50%');
    expect(stat('Median response time')).toBe('1.6 h');
    expect(stat('Proposals sent')).toBe('2');
    expect(stat('Appointments booked')).toBe('1');

    const views = screen.getByRole('figure', { name: 'Profile views and search appearances' });
    expect(
      within(views).getByRole('img', { name: 'Profile views and search appearances' }),
    ).toHaveAccessibleDescription('7 profile views and 10 search appearances.');
    await userEvent.click(within(views).getByText('Show the figures as a table'));
    const table = within(views).getByRole('table');
    const row = within(table).getByRole('row', { name: /25 Nov 2026/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '0']);
    const rate = screen.getByRole('figure', { name: 'Response rate' });
    expect(within(rate).getByRole('row', { name: /25 Nov 2026/ })).toHaveTextContent('50%');
  });

  it('asks for the dates chosen, and explains a range it cannot show instead of asking', async () => {
    result = answer('professional');
    renderWithProviders(<AnalyticsDashboardPage />, signedIn('professional'));
    await screen.findByRole('heading', { name: 'Totals for these dates' });
    // Show with the same dates counts again, for figures that changed since the page opened.
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(rpcCalls()).toHaveLength(2));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-10-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-10-31');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(rpcCalls().at(-1)).toEqual([
        'my_analytics',
        { p_from: '2026-10-01', p_to: '2026-10-31' },
      ]),
    );
    const calls = rpcCalls().length;
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-05');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a start date on or before the end date.',
    );
    expect(rpcCalls()).toHaveLength(calls);
  });

  it('shows a business the proposals it received and no profile figures', async () => {
    result = answer('business');
    renderWithProviders(<AnalyticsDashboardPage />, signedIn('business'));
    await screen.findByRole('heading', { name: 'Totals for these dates' });
    expect(stat('Proposals received')).toBe('2');
    expect(screen.queryByText('Profile views', { selector: 'dt' })).toBeNull();
    expect(
      screen.queryByRole('figure', { name: 'Profile views and search appearances' }),
    ).toBeNull();
  });

  it('without advanced analytics in the plan: the counts, no response figures, and where to get them', async () => {
    // the database's answer to a free plan: advanced false, no responses, no per-day response fields
    const basic = answer('professional');
    result = {
      data: {
        account_type: 'professional',
        advanced: false,
        responses: null,
        days: basic.data.days.map(
          ({ conversations_to_answer: _t, answered: _a, median_response_minutes: _m, ...rest }) =>
            rest,
        ),
      },
      error: null,
    };
    renderWithProviders(<AnalyticsDashboardPage />, signedIn('professional', plan(false)));
    await screen.findByRole('heading', { name: 'Totals for these dates' });
    expect(stat('Profile views')).toBe('7');
    expect(screen.queryByText('Response rate', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('figure', { name: 'Response rate' })).toBeNull();
    expect(screen.getByRole('note', { name: 'Advanced analytics' })).toHaveTextContent(
      'Response rate and response time are advanced analytics, included in the Pro plan.',
    );
  });

  it('without basic analytics in the plan: says so and asks the database nothing', async () => {
    renderWithProviders(<AnalyticsDashboardPage />, signedIn('professional', plan(false, false)));
    expect(screen.getByRole('note', { name: 'Analytics' })).toHaveTextContent(
      'Analytics are not included in your plan.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(rpcCalls()).toHaveLength(0);
  });

  it('says when the figures cannot be loaded', async () => {
    result = {
      data: null,
      error: { message: 'Choose a range of at most 366 days.' },
    };
    renderWithProviders(<AnalyticsDashboardPage />, signedIn('professional'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your figures could not be loaded: Choose a range of at most 366 days.',
    );
  });
});
