import {
  ANALYTICS_SESSION_KEY,
  readAnalyticsSessionId,
  type AnalyticsEventRow,
} from './analytics-event';
import { HEARTBEAT_MS, INACTIVITY_MS, startActivityTracking } from './activity-tracker';

const labels = (rows: AnalyticsEventRow[]) =>
  rows.map((row) => `${row.event_type}:${row.event_action}`);

function setup() {
  const inserted: AnalyticsEventRow[] = [];
  const beacons: AnalyticsEventRow[][] = [];
  const tracker = startActivityTracking({
    insert: (row) => inserted.push(row),
    beacon: (rows) => beacons.push(rows),
    currentPath: () => '/pricing',
  });
  /** Lets the one-per-second queue empty. */
  const flush = () => jest.advanceTimersByTime(10_000);
  return { inserted, beacons, tracker, flush };
}

beforeEach(() => {
  jest.useFakeTimers();
  sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

test('the session id comes from session storage, or is anonymous', () => {
  expect(readAnalyticsSessionId()).toBe('anonymous');
  sessionStorage.setItem(ANALYTICS_SESSION_KEY, 'abc');
  expect(readAnalyticsSessionId()).toBe('abc');
});

test('starts a session, records page views and exits, with the session id', () => {
  const { inserted, tracker, flush } = setup();
  tracker.pageView('/pricing');
  tracker.pageView('/pricing');
  tracker.pageView('/contact');
  flush();
  expect(labels(inserted)).toEqual(['session:start', 'page:view', 'page:exit', 'page:view']);
  expect(inserted.map((row) => row.page_path)).toEqual([
    '/pricing',
    '/pricing',
    '/pricing',
    '/contact',
  ]);
  const sessionId = sessionStorage.getItem(ANALYTICS_SESSION_KEY);
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  expect(inserted.every((row) => row.session_id === sessionId)).toBe(true);
  tracker.stop();
});

test('heartbeat every 30 s, inactivity after 30 s and activity again', () => {
  const { inserted, tracker, flush } = setup();
  flush();
  inserted.length = 0;
  // 10 s already passed in flush(): both fire at 30 s.
  expect(INACTIVITY_MS).toBe(HEARTBEAT_MS);
  jest.advanceTimersByTime(HEARTBEAT_MS - 10_000);
  flush();
  expect(labels(inserted).sort()).toEqual(['activity:inactive', 'heartbeat:tick']);
  jest.advanceTimersByTime(HEARTBEAT_MS);
  flush();
  expect(inserted.at(-1)?.event_data).toMatchObject({ active: false });
  window.dispatchEvent(new Event('keydown'));
  flush();
  expect(labels(inserted).at(-1)).toBe('activity:active');
  tracker.stop();
});

test('visibility, focus and blur are recorded', () => {
  const { inserted, tracker, flush } = setup();
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new Event('blur'));
  window.dispatchEvent(new Event('focus'));
  flush();
  expect(labels(inserted)).toEqual([
    'session:start',
    'visibility:visible',
    'focus:blur',
    'focus:focus',
  ]);
  tracker.stop();
});

test('on unload the waiting events, the page exit and unload go by beacon', () => {
  const { inserted, beacons, tracker } = setup();
  tracker.pageView('/pricing');
  jest.advanceTimersByTime(0);
  window.dispatchEvent(new Event('pagehide'));
  expect(labels(inserted)).toEqual(['session:start']);
  expect(beacons).toHaveLength(1);
  expect(labels(beacons[0])).toEqual(['page:view', 'page:exit', 'session:unload']);
  jest.advanceTimersByTime(HEARTBEAT_MS * 2);
  expect(inserted).toHaveLength(1);
});

test('stop removes every listener and timer', () => {
  const { inserted, tracker, flush } = setup();
  flush();
  tracker.stop();
  inserted.length = 0;
  window.dispatchEvent(new Event('blur'));
  jest.advanceTimersByTime(HEARTBEAT_MS * 3);
  expect(inserted).toEqual([]);
});
