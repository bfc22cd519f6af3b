import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, opArgs, renderWithProviders, type FakeCall } from '@promatch/shared/testing';
import { TeamsPage } from './teams-page';

const person = (id: string, name: string) => ({ id, name, avatar_url: null });

const TEAM = {
  id: 't1',
  name: 'Hiring squad',
  description: null,
  created_at: '2026-11-20T10:00:00Z',
  owner_id: 'owner',
  owner: person('owner', 'Olivia Owner'),
  members: [
    { role: 'admin', created_at: '2026-11-21T10:00:00Z', profile: person('admin', 'Adam Admin') },
    { role: 'member', created_at: '2026-11-22T10:00:00Z', profile: person('member', 'Mia Member') },
  ],
  favourites: [
    {
      note: 'Great on React',
      shared_by: 'member',
      created_at: '2026-11-23T10:00:00Z',
      professional: { ...person('pro', 'Priya Pro'), title: 'React developer', location: 'Leeds' },
    },
  ],
  projects: [
    {
      shared_by: 'owner',
      created_at: '2026-11-23T10:00:00Z',
      project: { id: 'p1', title: 'New booking site', status: 'open' },
    },
  ],
};

let respond = (call: FakeCall) => {
  if (call.table === 'teams') return { data: [TEAM] };
  if (call.table === 'team_invitations')
    return {
      data: [
        {
          id: 'i1',
          email: 'waiting@example.co.uk',
          role: 'member',
          created_at: '2026-11-24T10:00:00Z',
          expires_at: '2026-12-01T10:00:00Z',
          accepted_at: null,
          revoked_at: null,
        },
      ],
    };
  if (call.rpc === 'team_invitation_by_token')
    return {
      data: [
        {
          team_name: 'Hiring squad',
          inviter_name: 'Olivia Owner',
          email: 'new@example.co.uk',
          role: 'member',
          expires_at: '2026-12-01T10:00:00Z',
          status: 'open',
        },
      ],
    };
  if (call.rpc === 'accept_team_invitation') return { data: 't1' };
  return { data: [] };
};
const mockFake = fakeSupabase((call) => respond(call));
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const as = (id: string) => ({ session: { user: { id, email: `${id}@example.co.uk` } as never } });

beforeEach(() => {
  mockFake.calls.length = 0;
  jest.spyOn(window, 'confirm').mockReturnValue(true);
});

it('shows the owner the members, what is shared and the invitation form, and sends an invitation', async () => {
  renderWithProviders(<TeamsPage />, as('owner'));
  const team = await screen.findByRole('article', { name: 'Hiring squad' });
  expect(within(team).getByText('You own this team.')).toBeInTheDocument();
  expect(within(team).getByText('Olivia Owner (you)')).toBeInTheDocument();
  expect(within(team).getByRole('link', { name: 'Priya Pro' })).toHaveAttribute(
    'href',
    '/professional/pro',
  );
  expect(within(team).getByRole('link', { name: 'New booking site' })).toHaveAttribute(
    'href',
    '/projects/p1',
  );
  expect(await within(team).findByText('waiting@example.co.uk (Member)')).toBeInTheDocument();
  // the owner may make admins and hand the team over; the owner has no Leave button
  expect(within(team).getByRole('button', { name: 'Make Mia Member an admin' })).toBeEnabled();
  expect(within(team).getByRole('button', { name: 'Remove Adam Admin' })).toBeEnabled();
  expect(within(team).queryByRole('button', { name: /^Leave/ })).not.toBeInTheDocument();

  await userEvent.type(within(team).getByLabelText('E-mail address'), 'colleague@example.co.uk');
  await userEvent.selectOptions(within(team).getByLabelText('Role'), 'admin');
  await userEvent.click(within(team).getByRole('button', { name: 'Send invitation' }));
  await waitFor(() =>
    expect(mockFake.calls.find((c) => c.rpc === 'invite_team_member')?.args).toEqual({
      p_team: 't1',
      p_email: 'colleague@example.co.uk',
      p_role: 'admin',
    }),
  );

  await userEvent.click(
    within(team).getByRole('button', { name: 'Transfer ownership to Mia Member' }),
  );
  await waitFor(() =>
    expect(mockFake.calls.find((c) => c.rpc === 'transfer_team_ownership')?.args).toEqual({
      p_team: 't1',
      p_user: 'member',
    }),
  );
});

it('gives a member only what members may do: share, stop sharing their own, leave', async () => {
  renderWithProviders(<TeamsPage />, as('member'));
  const team = await screen.findByRole('article', { name: 'Hiring squad' });
  expect(within(team).getByText('You are a member of this team.')).toBeInTheDocument();
  expect(within(team).queryByLabelText('E-mail address')).not.toBeInTheDocument();
  expect(within(team).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  // Mia shared Priya, so she may stop sharing her; the owner's project is not hers to unshare
  expect(within(team).getByRole('button', { name: 'Stop sharing Priya Pro' })).toBeEnabled();
  expect(
    within(team).queryByRole('button', { name: 'Stop sharing New booking site' }),
  ).not.toBeInTheDocument();
  expect(mockFake.calls.some((c) => c.table === 'team_invitations')).toBe(false);

  await userEvent.click(within(team).getByRole('button', { name: 'Leave Hiring squad' }));
  await waitFor(() =>
    expect(mockFake.calls.find((c) => c.rpc === 'leave_team')?.args).toEqual({ p_team: 't1' }),
  );
});

it('lets an admin remove members but not admins, and documents who may do what', async () => {
  renderWithProviders(<TeamsPage />, as('admin'));
  const team = await screen.findByRole('article', { name: 'Hiring squad' });
  expect(within(team).getByRole('button', { name: 'Remove Mia Member' })).toBeEnabled();
  expect(
    within(team).queryByRole('button', { name: 'Remove Olivia Owner' }),
  ).not.toBeInTheDocument();
  expect(within(team).queryByRole('option', { name: 'Admin' })).not.toBeInTheDocument();
  const table = screen.getByRole('table');
  const row = within(table).getByRole('row', { name: /Remove admins/ });
  expect(
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Yes', 'No', 'No']);
});

it('accepts an invitation link for the signed-in invitee', async () => {
  renderWithProviders(<TeamsPage />, { ...as('new'), path: '/teams?invitation=tok123' });
  expect(
    await screen.findByText(/Olivia Owner invited new@example.co.uk to join/),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Join Hiring squad' }));
  await waitFor(() =>
    expect(mockFake.calls.find((c) => c.rpc === 'accept_team_invitation')?.args).toEqual({
      p_token: 'tok123',
    }),
  );
  await waitFor(() =>
    expect(screen.queryByRole('heading', { name: 'Team invitation' })).not.toBeInTheDocument(),
  );
});

it('says plainly when a link is used or unknown, and creates a team', async () => {
  const before = respond;
  respond = (call) =>
    call.rpc === 'team_invitation_by_token'
      ? { data: [] }
      : call.table === 'teams' && opArgs(call, 'select')
        ? { data: [] }
        : before(call);
  renderWithProviders(<TeamsPage />, { ...as('new'), path: '/teams?invitation=used' });
  expect(await screen.findByText(/not valid or has already been used/)).toBeInTheDocument();
  expect(
    await screen.findByText('You are not in a team yet. Create one below.'),
  ).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Team name'), 'Design review');
  await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
  await waitFor(() =>
    expect(
      opArgs(
        mockFake.calls.find((c) => c.table === 'teams' && opArgs(c, 'insert')),
        'insert',
      ),
    ).toEqual([{ name: 'Design review' }]),
  );
  respond = before;
});
