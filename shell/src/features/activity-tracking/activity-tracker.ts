import {
  analyticsEvent,
  startAnalyticsSession,
  type AnalyticsEventRow,
  type EventData,
} from './analytics-event';
import { createThrottledQueue } from './throttled-queue';
import { watchInactivity } from './watch-inactivity';

/** Heartbeat and inactivity time-out, both 30 s (the same cadence as presence). */
export const HEARTBEAT_MS = 30_000;
export const INACTIVITY_MS = 30_000;

export interface ActivityTrackerOptions {
  insert(row: AnalyticsEventRow): void;
  beacon(rows: AnalyticsEventRow[]): void;
  /** The page path events are recorded against. */
  currentPath(): string;
}

export interface ActivityTracker {
  /** Records leaving the previous route (page exit) and viewing this one (page view). */
  pageView(path: string): void;
  stop(): void;
}

/**
 * Activity tracking: session start, heartbeat, activity changes, page visibility, focus and blur,
 * page view, page exit and unload. Started only with consent.
 */
export function startActivityTracking(options: ActivityTrackerOptions): ActivityTracker {
  startAnalyticsSession();
  const startedAt = Date.now();
  const queue = createThrottledQueue(options.insert);
  const record = (
    type: string,
    action: string,
    data: EventData = {},
    path = options.currentPath(),
  ) => queue.push(analyticsEvent(type, action, data, path));

  let page: { path: string; since: number } | undefined;
  const inactivity = watchInactivity(INACTIVITY_MS, {
    onInactive: (idleFor) => record('activity', 'inactive', { idle_ms: idleFor }),
    onActive: () => record('activity', 'active'),
  });
  const onVisibility = () => record('visibility', document.visibilityState);
  const onFocus = () => record('focus', 'focus');
  const onBlur = () => record('focus', 'blur');
  const onPageHide = () => {
    const exit = page && exitEvent(page);
    const unload = analyticsEvent('session', 'unload', { duration_ms: Date.now() - startedAt });
    options.beacon([...queue.drain(), ...(exit ? [exit] : []), unload]);
    teardown();
  };
  const exitEvent = (left: { path: string; since: number }) =>
    analyticsEvent('page', 'exit', { time_on_page_ms: Date.now() - left.since }, left.path);

  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('focus', onFocus);
  window.addEventListener('blur', onBlur);
  window.addEventListener('pagehide', onPageHide);
  const heartbeat = setInterval(
    () =>
      record('heartbeat', 'tick', {
        active: inactivity.isActive(),
        visible: document.visibilityState === 'visible',
      }),
    HEARTBEAT_MS,
  );
  record('session', 'start', { referrer: document.referrer || null, language: navigator.language });

  function teardown() {
    inactivity.stop();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', onFocus);
    window.removeEventListener('blur', onBlur);
    window.removeEventListener('pagehide', onPageHide);
    clearInterval(heartbeat);
  }

  return {
    pageView(path) {
      if (page?.path === path) return;
      if (page) queue.push(exitEvent(page));
      page = { path, since: Date.now() };
      record('page', 'view', { title: document.title }, path);
    },
    stop() {
      teardown();
      queue.stop();
    },
  };
}
