import { renderHook, waitFor } from '@testing-library/react';
import { useTableChanges } from './use-table-changes';

type Listener = () => void;
const listeners = new Map<string, Listener>();
let onStatus: ((status: string) => void) | undefined;
interface FakeChannel {
  on: jest.Mock;
  subscribe: jest.Mock;
}
const channel: FakeChannel = {
  on: jest.fn((_kind: string, filter: { table: string }, listener: Listener): FakeChannel => {
    listeners.set(filter.table, listener);
    return channel;
  }),
  subscribe: jest.fn((callback: (status: string) => void): FakeChannel => {
    onStatus = callback;
    return channel;
  }),
};
const client = { channel: jest.fn(() => channel), removeChannel: jest.fn() };
jest.mock('@promatch/shared', () => ({
  ...jest.requireActual('@promatch/shared'),
  getSupabaseClient: () => Promise.resolve(client),
}));

beforeEach(() => {
  listeners.clear();
  jest.clearAllMocks();
});

it('calls back on a change to any of the tables, and again after a rejoin, not on the first join', async () => {
  const onChange = jest.fn();
  renderHook(() => useTableChanges('inbox:u1', ['messages', 'conversations'], onChange));
  await waitFor(() => expect(listeners.size).toBe(2));
  expect(client.channel).toHaveBeenCalledWith(expect.stringMatching(/^inbox:u1:\d+$/), {
    config: { private: true },
  });
  onStatus?.('SUBSCRIBED');
  expect(onChange).not.toHaveBeenCalled();
  listeners.get('conversations')?.();
  expect(onChange).toHaveBeenCalledTimes(1);
  onStatus?.('CHANNEL_ERROR');
  onStatus?.('SUBSCRIBED');
  expect(onChange).toHaveBeenCalledTimes(2);
});

it('subscribes to nothing without a scope, and removes its channel on unmount', async () => {
  const { rerender, unmount } = renderHook(
    ({ scope }: { scope: string | undefined }) =>
      useTableChanges(scope, ['notifications'], jest.fn()),
    { initialProps: { scope: undefined as string | undefined } },
  );
  await Promise.resolve();
  expect(client.channel).not.toHaveBeenCalled();
  rerender({ scope: 'bell:u1' });
  await waitFor(() => expect(client.channel).toHaveBeenCalledTimes(1));
  unmount();
  await waitFor(() => expect(client.removeChannel).toHaveBeenCalledWith(channel));
});
