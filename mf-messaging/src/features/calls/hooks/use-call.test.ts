import { act, renderHook } from '@testing-library/react';
import {
  CallEvents,
  EMPTY_STATS,
  type CallEvent,
  type CallProvider,
} from '../utils/providers/call-provider';
import { useCall } from './use-call';

// the far side of supabase-js: which functions the call page called, with what
const rpcCalls: { fn: string; args: unknown }[] = [];
jest.mock('@promatch/shared', () => ({
  ...jest.requireActual('@promatch/shared'),
  getSupabaseClient: () =>
    Promise.resolve({
      rpc: (fn: string, args: unknown) => {
        rpcCalls.push({ fn, args });
        return Promise.resolve({ data: true, error: null });
      },
    }),
}));

class FakeProvider implements CallProvider {
  readonly kind = 'p2p' as const;
  readonly events = new CallEvents();
  join = () => Promise.resolve();
  leave = () => Promise.resolve();
  setMuted = () => undefined;
  setCameraOff = () => undefined;
  startScreenShare = () => Promise.resolve();
  stopScreenShare = () => Promise.resolve();
  getStats = () => Promise.resolve(EMPTY_STATS);
  sendControl = () => Promise.resolve();
  on = (listener: (event: CallEvent) => void) => this.events.on(listener);
}

let now = 1_000_000;
beforeEach(() => {
  rpcCalls.length = 0;
  now = 1_000_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

function startCall() {
  const provider = new FakeProvider();
  const hook = renderHook(() => useCall(() => provider, null, 'conv-1'));
  const emit = (event: CallEvent) => act(() => provider.events.emit(event));
  return { provider, hook, emit };
}

it('waiting alone for 15 s and leaving tells the other participant they missed the call', async () => {
  const { hook, emit } = startCall();
  emit({ type: 'call-key', key: 'call-1' });
  emit({ type: 'state', state: 'waiting' });
  now += 15_000;
  await act(() => hook.result.current.leave());
  expect(rpcCalls).toEqual([{ fn: 'record_missed_call', args: { p_conversation_id: 'conv-1' } }]);
});

it('leaving sooner is not a missed call', async () => {
  const { hook, emit } = startCall();
  emit({ type: 'state', state: 'waiting' });
  now += 5_000;
  await act(() => hook.result.current.leave());
  expect(rpcCalls).toEqual([]);
});

it('a call that connected is recorded with its length, never as missed', async () => {
  const { hook, emit } = startCall();
  emit({ type: 'call-key', key: 'call-2' });
  emit({ type: 'state', state: 'waiting' });
  now += 20_000;
  emit({ type: 'state', state: 'connected' });
  now += 65_000;
  emit({ type: 'state', state: 'waiting' }); // the other left first
  await act(() => hook.result.current.leave());
  expect(rpcCalls).toEqual([
    {
      fn: 'record_call',
      args: { p_call_id: 'call-2', p_conversation_id: 'conv-1', p_seconds: 65 },
    },
  ]);
});
