import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, opArgs, renderWithProviders, type FakeCall } from '@promatch/shared/testing';
import { NotificationBell } from './notification-bell';
import { SmartNotificationsPage } from './smart-notifications-page';

let rows = [
  {
    id: 'n1',
    kind: 'project_match',
    title: 'A new project matches your profile',
    body: '"Booking API" was just published.',
    link: '/projects/p1',
    read_at: null as string | null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  },
  {
    id: 'n2',
    kind: 'appointment_reminder_24h',
    title: 'Your call is in 24 hours',
    body: 'Your call with Bea starts at 10:00.',
    link: '/messages/upcoming',
    read_at: '2026-11-25T10:00:00Z',
    created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
  },
];

const respond = (call: FakeCall) => {
  if (call.table === 'notifications') {
    if (opArgs(call, 'update')) {
      rows = rows.map((row) => ({ ...row, read_at: row.read_at ?? 'now' }));
      return {};
    }
    const head = (opArgs(call, 'select')?.[1] as { head?: boolean } | undefined)?.head;
    if (head) return { count: rows.filter((row) => row.read_at === null).length };
    return { data: rows };
  }
  if (call.table === 'notification_preferences')
    return opArgs(call, 'upsert')
      ? {}
      : { data: [{ kind: 'matches', in_app: false, email: true }] };
  if (call.table === 'notification_settings')
    return opArgs(call, 'upsert')
      ? {}
      : { data: [{ digest: 'daily', quiet_start: '22:00:00', quiet_end: '07:00:00' }] };
  return { data: [] };
};
const mockFake = fakeSupabase(respond);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const session = { user: { id: 'u1', email: 'u1@example.co.uk' } as never };

it('lists notifications newest first, marks all read, and the bell counts what is unread', async () => {
  renderWithProviders(
    <>
      <NotificationBell />
      <SmartNotificationsPage />
    </>,
    { session },
  );
  expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toHaveAttribute(
    'href',
    '/smart-notifications',
  );
  const list = await screen.findByRole('list', { name: 'Notifications' });
  const items = within(list).getAllByRole('listitem');
  expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
    'A new project matches your profile',
    'Your call is in 24 hours',
  ]);
  expect(within(items[0]!).getByText('Unread')).toBeInTheDocument();
  expect(within(items[0]!).getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    '/projects/p1',
  );
  expect(screen.getByText('1 unread')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
  const update = mockFake.calls.find((c) => opArgs(c, 'update'));
  expect(opArgs(update, 'is')).toEqual(['read_at', null]);
  expect(await screen.findByText('Nothing unread')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
});

it('shows the saved preferences and saves kinds, digest and quiet hours together', async () => {
  renderWithProviders(<SmartNotificationsPage />, { session });
  const matches = await screen.findByRole('group', { name: 'New projects you match' });
  expect(within(matches).getByRole('checkbox', { name: 'In ProMatch' })).not.toBeChecked();
  expect(within(matches).getByRole('combobox', { name: 'E-mail' })).toHaveValue('digest');
  const messages = screen.getByRole('group', { name: 'New messages' });
  // messages, proposals, hires and appointments are e-mailed as they happen unless chosen otherwise
  expect(within(messages).getByRole('combobox', { name: 'E-mail' })).toHaveValue('now');
  expect(screen.getByRole('radio', { name: /Daily/ })).toBeChecked();
  expect(screen.getByLabelText('From')).toHaveValue('22:00');

  const teams = screen.getByRole('group', { name: 'Your teams (someone joined)' });
  await userEvent.selectOptions(
    within(teams).getByRole('combobox', { name: 'E-mail' }),
    'No e-mail',
  );
  await userEvent.selectOptions(
    within(messages).getByRole('combobox', { name: 'E-mail' }),
    'In the e-mail digest',
  );
  // no e-mail keeps the saved "as it happens", for when e-mail is turned on again
  await userEvent.selectOptions(
    within(screen.getByRole('group', { name: /^Proposals/ })).getByRole('combobox', {
      name: 'E-mail',
    }),
    'No e-mail',
  );
  expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London');
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: 'Time zone' }),
    'America/New York',
  );
  await userEvent.click(screen.getByRole('radio', { name: /Weekly/ }));
  await userEvent.clear(screen.getByLabelText('Until'));
  await userEvent.type(screen.getByLabelText('Until'), '22:00');
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Quiet hours need a different start and end.',
  );
  expect(screen.getByLabelText('Until')).toHaveAccessibleDescription(
    'Quiet hours need a different start and end.',
  );
  expect(screen.getByRole('button', { name: 'Save notification preferences' })).toBeDisabled();
  await userEvent.clear(screen.getByLabelText('Until'));
  await userEvent.type(screen.getByLabelText('Until'), '06:30');
  await userEvent.click(screen.getByRole('button', { name: 'Save notification preferences' }));

  await waitFor(() =>
    expect(
      opArgs(
        mockFake.calls.find((c) => c.table === 'notification_settings' && opArgs(c, 'upsert')),
        'upsert',
      ),
    ).toEqual([
      {
        user_id: 'u1',
        digest: 'weekly',
        quiet_start: '22:00',
        quiet_end: '06:30',
        time_zone: 'America/New_York',
      },
      { onConflict: 'user_id' },
    ]),
  );
  const kinds = opArgs(
    mockFake.calls.find((c) => c.table === 'notification_preferences' && opArgs(c, 'upsert')),
    'upsert',
  );
  expect(kinds?.[0]).toEqual([
    { user_id: 'u1', kind: 'messages', in_app: true, email: true, email_immediate: false },
    { user_id: 'u1', kind: 'proposals', in_app: true, email: false, email_immediate: true },
    { user_id: 'u1', kind: 'hires', in_app: true, email: true, email_immediate: true },
    { user_id: 'u1', kind: 'appointments', in_app: true, email: true, email_immediate: true },
    { user_id: 'u1', kind: 'matches', in_app: false, email: true, email_immediate: false },
    { user_id: 'u1', kind: 'teams', in_app: true, email: false, email_immediate: false },
  ]);
});
