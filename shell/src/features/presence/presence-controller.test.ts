import type { PresenceStatus } from '@promatch/shared';
import {
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_INACTIVITY_MS,
  startPresence,
} from './presence-controller';

function setup() {
  const sent: PresenceStatus[] = [];
  const shown: PresenceStatus[] = [];
  const beaconOffline = jest.fn();
  const stop = startPresence({
    send: (status) => sent.push(status),
    beaconOffline,
    onStatus: (status) => shown.push(status),
  });
  return { sent, shown, beaconOffline, stop };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('online on start, and the status re-sent every 30 s', () => {
  const { sent, shown, stop } = setup();
  expect(sent).toEqual(['online']);
  expect(shown).toEqual(['online']);
  window.dispatchEvent(new Event('pointermove'));
  jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS - 1);
  window.dispatchEvent(new Event('keydown'));
  jest.advanceTimersByTime(1);
  expect(sent).toEqual(['online', 'online']);
  stop();
});

test('away after 30 s without activity, online again on activity', () => {
  const { sent, shown, stop } = setup();
  jest.advanceTimersByTime(PRESENCE_INACTIVITY_MS);
  expect(shown.at(-1)).toBe('away');
  expect(sent).toContain('away');
  jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS);
  expect(sent.at(-1)).toBe('away');
  window.dispatchEvent(new Event('pointerdown'));
  expect(shown.at(-1)).toBe('online');
  expect(sent.at(-1)).toBe('online');
  stop();
});

test('activity postpones away', () => {
  const { shown, stop } = setup();
  jest.advanceTimersByTime(PRESENCE_INACTIVITY_MS - 1000);
  window.dispatchEvent(new Event('scroll'));
  jest.advanceTimersByTime(2000);
  expect(shown).toEqual(['online']);
  jest.advanceTimersByTime(PRESENCE_INACTIVITY_MS);
  expect(shown).toEqual(['online', 'away']);
  stop();
});

test('page unload sends the offline beacon; cleanup sets offline and stops', () => {
  const { sent, shown, beaconOffline, stop } = setup();
  window.dispatchEvent(new Event('pagehide'));
  expect(beaconOffline).toHaveBeenCalledTimes(1);
  stop();
  expect(sent.at(-1)).toBe('offline');
  expect(shown.at(-1)).toBe('offline');
  const count = sent.length;
  jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS * 3);
  window.dispatchEvent(new Event('pagehide'));
  expect(sent).toHaveLength(count);
  expect(beaconOffline).toHaveBeenCalledTimes(1);
});

test('busy by hand replaces online and away until switched off; offline still wins', () => {
  let busy = false;
  const listeners = new Set<() => void>();
  const sent: PresenceStatus[] = [];
  const stop = startPresence({
    send: (status) => sent.push(status),
    beaconOffline: () => undefined,
    onStatus: () => undefined,
    busyByHand: {
      get: () => busy,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  });
  busy = true;
  listeners.forEach((listener) => listener());
  expect(sent.at(-1)).toBe('busy');
  jest.advanceTimersByTime(PRESENCE_INACTIVITY_MS);
  jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS);
  expect(sent.at(-1)).toBe('busy');
  busy = false;
  listeners.forEach((listener) => listener());
  expect(sent.at(-1)).toBe('away');
  stop();
  expect(sent.at(-1)).toBe('offline');
  expect(listeners.size).toBe(0);
});
