import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, renderWithProviders, type FakeResult } from '@promatch/shared/testing';
import { OverviewTab } from './overview-tab';

// The far side of supabase-js: each rpc or table answers on its own, so one can fail alone.
const answers: Record<string, () => FakeResult> = {};
const mockFake = fakeSupabase((call) => answers[call.rpc ?? call.table ?? '']?.() ?? { data: [] });
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const user = {
  id: 'u-1',
  email: 'pat@example.co.uk',
  name: 'Pat',
  type: 'professional' as const,
  domain: 'example.co.uk',
  user_metadata: {},
};

const profile = {
  id: 'u-1',
  name: 'Pat',
  account_type: 'professional',
  title: 'Cloud engineer',
  description: 'Short',
  location: 'York',
  skills: ['AWS'],
  categories: ['cloud-services'],
  hourly_rate_min: 60,
  hourly_rate_max: 90,
  availability: 'available',
  avatar_url: null,
  company: null,
  company_id: null,
};

beforeEach(() => {
  for (const key of Object.keys(answers)) delete answers[key];
  answers.profiles = () => ({ data: profile, error: null });
});

const panel = (name: string) => screen.getByRole('region', { name });

describe('the overview', () => {
  it('shows a professional what is missing, their figures and the projects that fit', async () => {
    answers.my_profile_activity = () => ({
      data: [{ views: 12, search_appearances: 40 }],
      error: null,
    });
    answers.dashboard_matching_projects = () => ({
      data: [
        {
          id: 'j1',
          title: 'Move to AWS',
          budget_min: 5000,
          budget_max: 8000,
          remote: true,
          location: null,
          applied: false,
        },
      ],
      error: null,
    });
    answers.messages = () => ({
      data: [{ id: 'm1', content: 'Can we talk?', created_at: '', sender: { name: 'Acme' } }],
      error: null,
      count: 2,
    });
    renderWithProviders(<OverviewTab />, { session: { user, accountType: 'professional' } });
    expect(await within(panel('Profile completeness')).findByText('57%')).toBeInTheDocument();
    const missing = within(panel('Profile completeness')).getByRole('list', {
      name: 'Missing from your profile',
    });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Add a profile photo',
      'Write a bio of at least 100 characters',
      'List at least 3 skills',
    ]);
    expect(await within(panel('Last 30 days')).findByText('12')).toBeInTheDocument();
    expect(within(panel('Last 30 days')).getByText('40')).toBeInTheDocument();
    expect(await within(panel('Projects for you')).findByText('Move to AWS')).toBeInTheDocument();
    expect(
      within(panel('Projects for you')).getByText(/£5,000–£8,000 · Remote/),
    ).toBeInTheDocument();
    expect(await within(panel('Unread messages')).findByText('2')).toBeInTheDocument();
    expect(within(panel('Your proposals')).getByText(/not sent any proposals/)).toBeInTheDocument();
  });

  it('keeps the other panels working when one fails, and that one offers Try Again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    answers.dashboard_matching_projects = () =>
      fail ? { data: null, error: { message: 'boom' } } : { data: [], error: null };
    renderWithProviders(<OverviewTab />, { session: { user, accountType: 'professional' } });
    const projects = panel('Projects for you');
    expect(await within(projects).findByText('Something went wrong')).toBeInTheDocument();
    expect(within(panel('Profile completeness')).getByText('57%')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(projects).getByRole('button', { name: 'Try Again' }));
    expect(await within(projects).findByText(/No open projects fit/)).toBeInTheDocument();
  });

  it('shows a business its projects with proposal counts, its shortlist and favourites', async () => {
    answers.dashboard_business_projects = () => ({
      data: [{ id: 'p1', title: 'New website', status: 'open', proposals: 3, shortlisted: 1 }],
      error: null,
    });
    answers.dashboard_shortlist = () => ({
      data: [
        {
          application_id: 'a1',
          project_title: 'New website',
          professional_id: 'pro-1',
          professional_name: 'Dana Dev',
          avatar_url: null,
        },
      ],
      error: null,
    });
    answers.favorites = () => ({ data: [], error: null, count: 0 });
    renderWithProviders(<OverviewTab />, {
      session: { user: { ...user, type: 'business' }, accountType: 'business' },
    });
    expect(
      await within(panel('Your projects')).findByText(/Open · 3 proposals · 1 shortlisted/),
    ).toBeInTheDocument();
    expect(
      await within(panel('Shortlisted professionals')).findByText('Dana Dev'),
    ).toBeInTheDocument();
    expect(await within(panel('Favourites')).findByText('saved professionals')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profile completeness' })).not.toBeInTheDocument();
  });
});
