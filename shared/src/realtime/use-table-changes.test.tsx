import { renderHook, waitFor } from '@testing-library/react';
import { fakeSupabase } from '../testing/render';
import { useTableChanges } from './use-table-changes';

// the far side of supabase-js: its realtime channels, whose statuses and changes the test reports
const mockFake = fakeSupabase(() => ({}));
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const channels = () => mockFake.realtime.channels;

beforeEach(() => {
  channels().length = 0;
});

it('calls back on a change to any of the tables, and again after a rejoin, not on the first join', async () => {
  const onChange = jest.fn();
  renderHook(() => useTableChanges('inbox:u1', ['messages', 'conversations'], onChange));
  await waitFor(() => expect(channels()[0]?.statuses).toEqual(['SUBSCRIBED']));
  const [channel] = channels();
  expect(channel?.name).toMatch(/^inbox:u1:\d+$/);
  expect(channel?.options).toEqual({ config: { private: true } });
  expect(onChange).not.toHaveBeenCalled();

  mockFake.realtime.change('conversations');
  expect(onChange).toHaveBeenCalledTimes(1);
  mockFake.realtime.change('messages');
  expect(onChange).toHaveBeenCalledTimes(2);
  mockFake.realtime.change('profiles');
  expect(onChange).toHaveBeenCalledTimes(2);

  channel?.setStatus('CHANNEL_ERROR');
  channel?.setStatus('SUBSCRIBED');
  expect(onChange).toHaveBeenCalledTimes(3);
});

it('subscribes to nothing without a scope, and removes its channel on unmount', async () => {
  const onChange = jest.fn();
  const { rerender, unmount } = renderHook(
    ({ scope }: { scope: string | undefined }) =>
      useTableChanges(scope, ['notifications'], onChange),
    { initialProps: { scope: undefined as string | undefined } },
  );
  await Promise.resolve();
  expect(channels()).toHaveLength(0);
  rerender({ scope: 'bell:u1' });
  await waitFor(() => expect(channels()).toHaveLength(1));
  unmount();
  await waitFor(() => expect(channels()[0]?.removed).toBe(true));
  mockFake.realtime.change('notifications');
  expect(onChange).not.toHaveBeenCalled();
});
