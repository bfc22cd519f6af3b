import { getSupabaseClient } from '@promatch/shared';

/** One row of user_analytics: the signed-in user's own metric (row security: their own only). */
export interface UserMetric {
  metric_name: 'page_load_time' | 'user_action';
  metric_value: number;
  metadata: Record<string, string | number>;
}

/** Writes one metric for the signed-in user; failures are silent, as all analytics. */
export async function recordUserMetric(userId: string, metric: UserMetric): Promise<void> {
  try {
    const client = await getSupabaseClient();
    const { error } = await client.from('user_analytics').insert({ user_id: userId, ...metric });
    if (error) console.debug('[analytics] metric not recorded', error);
  } catch {
    // Analytics never disturbs the visitor.
  }
}

/**
 * How long this page took to load (navigation start to the end of the load event), in ms, or
 * undefined before the load event has ended or where the browser has no navigation timing.
 */
export function pageLoadTimeMs(perf: Pick<Performance, 'getEntriesByType'> = performance) {
  const entries = perf.getEntriesByType?.('navigation') ?? [];
  const [navigation] = entries as PerformanceNavigationTiming[];
  if (!navigation || navigation.loadEventEnd <= 0) return undefined;
  return Math.round(navigation.loadEventEnd - navigation.startTime);
}

/** Calls `then` with the page load time once the load event is over. */
export function whenPageLoaded(then: (ms: number) => void): () => void {
  let cancelled = false;
  const measure = () => {
    // loadEventEnd is set after the load listeners have run: read it on the next task.
    setTimeout(() => {
      const ms = pageLoadTimeMs();
      if (!cancelled && ms !== undefined) then(ms);
    }, 0);
  };
  if (document.readyState === 'complete') measure();
  else window.addEventListener('load', measure, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', measure);
  };
}
