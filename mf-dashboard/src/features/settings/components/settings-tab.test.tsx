import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAccessibilitySettings } from '@promatch/shared';
import { fakeSupabase, opArgs, renderWithProviders } from '@promatch/shared/testing';
import { SettingsTab } from './settings-tab';

const BUSINESS = {
  id: 'b-1',
  name: 'Bex Biz',
  account_type: 'business',
  title: null,
  description: null,
  location: null,
  skills: [],
  categories: [],
  hourly_rate_min: null,
  hourly_rate_max: null,
  availability: 'available',
  avatar_url: null,
  company: 'Highland Widgets',
  company_id: 'c-1',
};
const COMPANY = {
  company_number: 'SC004567',
  company_name: 'HIGHLAND WIDGETS LTD',
  company_status: 'active',
  company_type: 'ltd',
  date_of_creation: '2015-03-02',
  registered_office_address: { address_line_1: '1 High St', locality: 'Inverness' },
  verification_source: 'manual_entry',
  verified_at: null,
  verification_status: 'pending',
};

// The far side of supabase-js: the profile and company reads, and auth sign-out.
const mockFake = fakeSupabase((call) => {
  if (call.auth === 'signOut') return {};
  if (call.table === 'profiles' && opArgs(call, 'single')) return { data: BUSINESS };
  if (call.table === 'companies') return { data: COMPANY };
  return { data: opArgs(call, 'maybeSingle') ? null : [] };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const session = {
  session: {
    user: {
      id: 'b-1',
      email: 'bex@example.co.uk',
      name: 'Bex Biz',
      type: 'business' as const,
      domain: 'example.co.uk',
      user_metadata: {},
    },
    accountType: 'business' as const,
  },
};

describe('the settings tab', () => {
  it('shows a business its company and whether Companies House has confirmed it', async () => {
    renderWithProviders(<SettingsTab />, session);
    expect(await screen.findByText('HIGHLAND WIDGETS LTD')).toBeInTheDocument();
    expect(screen.getByText('SC004567')).toBeInTheDocument();
    expect(screen.getByText('Pending Verification')).toBeInTheDocument();
    expect(screen.getByText('1 High St, Inverness')).toBeInTheDocument();
  });

  it('signs out every other device and keeps this one', async () => {
    renderWithProviders(<SettingsTab />, session);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out of every other device' }));
    await waitFor(() =>
      expect(mockFake.calls.filter((call) => call.auth)).toEqual([
        { auth: 'signOut', args: { scope: 'others' }, ops: [] },
      ]),
    );
  });

  it('changes the theme and text size for the whole site', async () => {
    const { store } = renderWithProviders(<SettingsTab />, session);
    await userEvent.click(screen.getByLabelText('Dark'));
    expect(store.getState().theme).toBe('dark');
    await userEvent.click(screen.getByLabelText('Extra large'));
    expect(getAccessibilitySettings().fontSize).toBe('xl');
    expect(document.documentElement.style.fontSize).toBe('125%');
  });
});
