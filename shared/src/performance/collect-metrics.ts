import { useEffect, useState } from 'react';
import type { PerformanceMetrics } from './performance-score';

/**
 * The scored metrics plus INP, which web-vitals 6 reports instead of FID: shown, never scored.
 * One collection for the shell's performance widget and the /performance page, so both show and
 * score the same values.
 */
export interface CollectedMetrics extends PerformanceMetrics {
  inp?: number;
}

type Report = (change: Partial<CollectedMetrics>) => void;

/**
 * FID is the interaction metric the score uses, but web-vitals 6 dropped onFID: the browser's own
 * first-input entry gives it (processing start minus input time).
 */
function observeFirstInputDelay(report: Report): () => void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('first-input')) return () => {};
  const observer = new PerformanceObserver((list) => {
    const [entry] = list.getEntries() as PerformanceEventTiming[];
    if (entry) report({ fid: entry.processingStart - entry.startTime });
  });
  observer.observe({ type: 'first-input', buffered: true });
  return () => observer.disconnect();
}

/** Navigation start to the end of the load event, once the page has finished loading. */
function observeLoadTime(report: Report): () => void {
  const measure = () => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    if (navigation && navigation.loadEventEnd > 0) report({ loadTime: navigation.loadEventEnd });
  };
  if (document.readyState === 'complete') {
    // loadEventEnd is set just after the load handlers run.
    const timer = setTimeout(measure, 0);
    return () => clearTimeout(timer);
  }
  const onLoad = () => setTimeout(measure, 0);
  window.addEventListener('load', onLoad, { once: true });
  return () => window.removeEventListener('load', onLoad);
}

/**
 * Starts collecting LCP, CLS, INP (web-vitals, loaded here on demand), FID and load time.
 * Every new value is reported as it changes. Returns a stop function.
 */
export async function collectMetrics(report: Report): Promise<() => void> {
  const { onCLS, onINP, onLCP } = await import('web-vitals');
  let active = true;
  const guarded: Report = (change) => {
    if (active) report(change);
  };
  onLCP((metric) => guarded({ lcp: metric.value }), { reportAllChanges: true });
  onCLS((metric) => guarded({ cls: metric.value }), { reportAllChanges: true });
  onINP((metric) => guarded({ inp: metric.value }), { reportAllChanges: true });
  const stops = [observeFirstInputDelay(guarded), observeLoadTime(guarded)];
  return () => {
    // web-vitals has no unsubscribe: later values are simply ignored.
    active = false;
    stops.forEach((stop) => stop());
  };
}

/** This page's metrics, updated as the browser reports them; collection stops on unmount. */
export function useCollectedMetrics(): CollectedMetrics {
  const [metrics, setMetrics] = useState<CollectedMetrics>({});
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void collectMetrics((change) => setMetrics((previous) => ({ ...previous, ...change }))).then(
      (stopCollecting) => {
        if (cancelled) stopCollecting();
        else stop = stopCollecting;
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  return metrics;
}
