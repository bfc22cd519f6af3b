import {
  callReducer,
  callSeconds,
  initialCallMachine,
  type CallMachineEvent,
} from './call-machine';

const run = (events: CallMachineEvent[], start = initialCallMachine, now = 1000) =>
  events.reduce((machine, event) => callReducer(machine, event, now), start);

describe('the peer-to-peer call machine', () => {
  test('join, wait for the other party, connect', () => {
    expect(run([{ type: 'join' }]).state).toBe('joining');
    expect(run([{ type: 'join' }, { type: 'channel-ready' }]).state).toBe('waiting');
    const connected = run([
      { type: 'join' },
      { type: 'channel-ready' },
      { type: 'peer-seen' },
      { type: 'ice-connected' },
    ]);
    expect(connected).toEqual({ state: 'connected', connectedAt: 1000 });
  });

  test('a refused channel fails with the reason and goes no further', () => {
    const failed = run([
      { type: 'join' },
      { type: 'channel-error', reason: 'You cannot join this call.' },
      { type: 'peer-seen' },
    ]);
    expect(failed).toMatchObject({ state: 'failed', reason: 'You cannot join this call.' });
  });

  test('a network drop reconnects and keeps the call’s start time', () => {
    const connected = run([
      { type: 'join' },
      { type: 'channel-ready' },
      { type: 'peer-seen' },
      { type: 'ice-connected' },
    ]);
    const dropped = callReducer(connected, { type: 'ice-disconnected' }, 5000);
    expect(dropped.state).toBe('reconnecting');
    const back = callReducer(dropped, { type: 'ice-connected' }, 9000);
    expect(back).toEqual({ state: 'connected', connectedAt: 1000 });
  });

  test('the other party leaving or a failed path returns to waiting, so they can come back', () => {
    const connected = run([
      { type: 'join' },
      { type: 'channel-ready' },
      { type: 'peer-seen' },
      { type: 'ice-connected' },
    ]);
    expect(callReducer(connected, { type: 'peer-left' }).state).toBe('waiting');
    expect(callReducer(connected, { type: 'ice-failed' }).state).toBe('waiting');
    const again = run(
      [{ type: 'peer-seen' }, { type: 'ice-connected' }],
      callReducer(connected, { type: 'peer-left' }),
      7000,
    );
    expect(again).toEqual({ state: 'connected', connectedAt: 1000 });
  });

  test('leaving ends the call from any state, and nothing moves it afterwards', () => {
    for (const events of [
      [],
      [{ type: 'join' }],
      [{ type: 'join' }, { type: 'channel-ready' }],
    ] as CallMachineEvent[][]) {
      const ended = run([...events, { type: 'leave' }]);
      expect(ended.state).toBe('ended');
      expect(run([{ type: 'join' }, { type: 'peer-seen' }], ended).state).toBe('ended');
    }
  });

  test('events out of order are ignored', () => {
    expect(run([{ type: 'ice-connected' }]).state).toBe('idle');
    expect(run([{ type: 'join' }, { type: 'peer-seen' }]).state).toBe('joining');
    expect(
      run([{ type: 'join' }, { type: 'channel-ready' }, { type: 'ice-disconnected' }]).state,
    ).toBe('waiting');
  });

  test('the call’s length counts from the first connection', () => {
    expect(callSeconds(initialCallMachine, 50_000)).toBe(0);
    expect(callSeconds({ state: 'ended', connectedAt: 10_000 }, 135_400)).toBe(125);
  });
});
