import { useSession } from '@promatch/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { startActivityTracking, type ActivityTracker } from './activity-tracker';
import { createAnalyticsTransport } from './analytics-transport';
import { recordUserMetric, whenPageLoaded } from './user-metrics';

/**
 * Runs activity tracking only while the visitor has accepted analytics cookies (the choice in
 * the federated store); withdrawing consent stops it at once.
 */
export function useActivityTracking(): void {
  const consented = useSession((state) => state.cookieConsent.status === 'accepted');
  const { pathname } = useLocation();
  const tracker = useRef<ActivityTracker | null>(null);
  const path = useRef(pathname);
  path.current = pathname;
  const restoredCount = useBackForwardRestores();

  useEffect(() => {
    if (!consented) return;
    const transport = createAnalyticsTransport();
    const started = startActivityTracking({
      insert: transport.insert,
      beacon: transport.beacon,
      currentPath: () => path.current,
    });
    started.pageView(path.current);
    tracker.current = started;
    return () => {
      started.stop();
      transport.stop();
      tracker.current = null;
    };
  }, [consented, restoredCount]);

  useEffect(() => {
    tracker.current?.pageView(pathname);
  }, [pathname]);

  useUserMetrics(consented, pathname);
}

/**
 * The signed-in user's own metrics (user_analytics), with the same consent: the page's load
 * time once per page load, and each page they go to as a user action.
 */
function useUserMetrics(consented: boolean, pathname: string): void {
  const userId = useSession((state) => state.user?.id);
  const path = useRef(pathname);
  path.current = pathname;
  const loadRecorded = useRef(false);

  useEffect(() => {
    if (!consented || !userId || loadRecorded.current) return undefined;
    return whenPageLoaded((ms) => {
      loadRecorded.current = true;
      void recordUserMetric(userId, {
        metric_name: 'page_load_time',
        metric_value: ms,
        metadata: { path: path.current },
      });
    });
  }, [consented, userId]);

  useEffect(() => {
    if (!consented || !userId) return;
    void recordUserMetric(userId, {
      metric_name: 'user_action',
      metric_value: 1,
      metadata: { action: 'page_view', path: pathname },
    });
  }, [consented, userId, pathname]);
}

/**
 * Counts returns from the back/forward cache: tracking stopped when the page was hidden
 * (the unload beacon went), so it starts again when the same page comes back.
 */
function useBackForwardRestores(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setCount((value) => value + 1);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  return count;
}
