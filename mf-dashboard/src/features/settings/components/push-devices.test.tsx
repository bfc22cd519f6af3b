import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, opArgs, renderWithProviders } from '@promatch/shared/testing';
import { deviceLabel } from '../api/push-subscriptions';
import { PushDevices } from './push-devices';

interface Device {
  id: string;
  endpoint: string;
  label: string;
  user_agent: string | null;
  created_at: string;
  last_used_at: string | null;
}

// The far side of supabase-js: the user's push_subscriptions rows (row security keeps them to
// the owner on the server), listed and deleted by id.
let rows: Device[] = [];
const deleted: string[] = [];
const mockFake = fakeSupabase((call) => {
  if (call.table !== 'push_subscriptions')
    return { error: { message: `unexpected ${call.table}` } };
  if (!opArgs(call, 'delete')) return { data: rows };
  const [column, id] = opArgs(call, 'eq') as [string, string];
  if (column === 'id') {
    deleted.push(id);
    rows = rows.filter((row) => row.id !== id);
  }
  return {};
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

beforeEach(() => {
  deleted.length = 0;
  rows = [
    {
      id: 'd-1',
      endpoint: 'https://fcm.googleapis.com/fcm/send/one',
      label: 'Chrome on Android',
      user_agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
      created_at: '2026-11-20T09:00:00Z',
      last_used_at: '2026-11-28T17:30:00Z',
    },
    {
      id: 'd-2',
      endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/two',
      label: 'Firefox on Windows',
      user_agent: null,
      created_at: '2026-11-21T09:00:00Z',
      last_used_at: null,
    },
  ];
});

describe('push notification devices in settings', () => {
  it('lists each device with when it was added and last notified, and removes one', async () => {
    renderWithProviders(<PushDevices />);
    const list = await screen.findByRole('list', { name: 'Devices receiving push notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome on Android');
    expect(items[0]).toHaveTextContent('last notified Sat 28 Nov');
    expect(items[1]).toHaveTextContent('not notified yet');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Firefox on Windows' }));
    expect(deleted).toEqual(['d-2']);
    await waitFor(() =>
      expect(
        within(
          screen.getByRole('list', { name: 'Devices receiving push notifications' }),
        ).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.queryByText('Firefox on Windows')).not.toBeInTheDocument();
  });

  it('says so when no device receives push notifications', async () => {
    rows = [];
    renderWithProviders(<PushDevices />);
    expect(await screen.findByText('No device receives push notifications.')).toBeInTheDocument();
  });

  it('names a device by its browser and system', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1')).toBe(
      'Safari on iOS',
    );
    expect(
      deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox on Linux');
  });
});
