import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts, useToasts } from '@promatch/shared';
import {
  fakeSupabase,
  opArgs,
  renderWithProviders,
  type FakeResult,
} from '@promatch/shared/testing';
import { ProfileSettings } from './profile-settings';

const PROFILE = {
  id: 'u-1',
  name: 'Priya Patel',
  account_type: 'professional',
  title: null,
  description: null,
  location: 'Leeds',
  skills: ['React'],
  categories: [],
  hourly_rate_min: null,
  hourly_rate_max: null,
  availability: 'available',
  avatar_url: null,
  company: null,
  company_id: null,
};

// The database is the far side of supabase-js: answer the profile read, record the update.
let session: { user: { id: string } } | null = { user: { id: 'u-1' } };
let saved: FakeResult = {};
const mockFake = fakeSupabase((call) => {
  if (call.auth === 'getSession') return { data: { session } };
  if (call.table !== 'profiles') return { error: { message: `unexpected ${call.table}` } };
  return opArgs(call, 'update') ? saved : { data: PROFILE };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const updates = () =>
  mockFake.calls
    .filter((call) => opArgs(call, 'update'))
    .map((call) => opArgs(call, 'update')?.[0]);

const signedIn = {
  session: {
    user: {
      id: 'u-1',
      email: 'priya@example.co.uk',
      name: 'Priya Patel',
      type: 'professional' as const,
      domain: 'example.co.uk',
      user_metadata: {},
    },
    accountType: 'professional' as const,
  },
};

/** Stands in for the shell's toaster: the toast a user would see, as text. */
function Toasts() {
  return (
    <ul aria-label="Notifications">
      {useToasts().map((item) => (
        <li key={item.id}>
          {item.title}
          {item.description ? `: ${item.description}` : ''}
        </li>
      ))}
    </ul>
  );
}
const ui = (
  <>
    <ProfileSettings />
    <Toasts />
  </>
);

beforeEach(() => {
  resetToasts();
  mockFake.calls.length = 0;
  saved = {};
  session = { user: { id: 'u-1' } };
});

describe('profile settings', () => {
  it('sends only the changed fields and confirms with the success toast', async () => {
    saved = {
      data: { ...PROFILE, title: 'Cloud engineer', hourly_rate_min: 60, hourly_rate_max: 90 },
      status: 200,
    };
    const { store } = renderWithProviders(ui, signedIn);
    await userEvent.type(await screen.findByLabelText('Professional title'), 'Cloud engineer');
    await userEvent.type(screen.getByLabelText('Hourly rate from (£)'), '60');
    await userEvent.type(screen.getByLabelText('Hourly rate to (£)'), '90');
    await userEvent.click(screen.getByLabelText('Cloud Services'));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(updates()).toEqual([
      {
        title: 'Cloud engineer',
        categories: ['cloud-services'],
        hourly_rate_min: 60,
        hourly_rate_max: 90,
      },
    ]);
    expect(store.getState().user?.name).toBe('Priya Patel');
  });

  it('refuses a rate range that runs backwards and a one-letter name, and sends nothing', async () => {
    renderWithProviders(ui, signedIn);
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'P');
    await userEvent.type(screen.getByLabelText('Hourly rate from (£)'), '90');
    await userEvent.type(screen.getByLabelText('Hourly rate to (£)'), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('The minimum rate cannot be above the maximum')).toBeInTheDocument();
    expect(updates()).toEqual([]);
  });

  it("says 'No user logged in' when the session is gone, without retrying", async () => {
    renderWithProviders(ui, signedIn);
    await userEvent.type(await screen.findByLabelText('Location'), ' city');
    session = null;
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile not saved: No user logged in')).toBeInTheDocument();
    expect(updates()).toEqual([]);
  });

  it('retries a failed save twice, 1 s then 2 s apart, before giving up', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    saved = { error: { message: 'upstream timeout', code: '' }, status: 503 };
    renderWithProviders(ui, signedIn);
    const title = await screen.findByLabelText('Professional title');
    await userEvent.type(title, 'Engineer');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    await jest.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(updates()).toHaveLength(2));
    await jest.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(updates()).toHaveLength(3));
    expect(await screen.findByText('Profile not saved: upstream timeout')).toBeInTheDocument();
    expect(updates()).toHaveLength(3);
    jest.useRealTimers();
  });

  it('shows businesses only the fields their public page uses', async () => {
    PROFILE.account_type = 'business';
    renderWithProviders(ui, signedIn);
    const form = await screen.findByRole('form', { name: 'Your profile' });
    expect(within(form).getByLabelText('About your company')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Skills')).not.toBeInTheDocument();
    PROFILE.account_type = 'professional';
  });
});
