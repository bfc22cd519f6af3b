import { useEffect, useState } from 'react';
import type { PerformanceMetrics } from '@promatch/shared';

/** The spec's metrics; web-vitals 5+ has no FID, so `fid` carries INP (same thresholds). */
export type VitalsSnapshot = PerformanceMetrics;

function pageLoadTime(): number | undefined {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation && navigation.loadEventEnd > 0
    ? Math.round(navigation.loadEventEnd)
    : undefined;
}

/**
 * The visitor's own Core Web Vitals for this page load, from the web-vitals library (loaded only
 * on this page). Values update as the browser reports them (reportAllChanges).
 */
export function useWebVitals(): VitalsSnapshot {
  const [vitals, setVitals] = useState<VitalsSnapshot>(() => ({ loadTime: pageLoadTime() }));
  useEffect(() => {
    let active = true;
    const set = (key: keyof VitalsSnapshot) => (metric: { value: number }) => {
      if (active) setVitals((current) => ({ ...current, [key]: metric.value }));
    };
    void import('web-vitals').then(({ onLCP, onINP, onCLS }) => {
      onLCP(set('lcp'), { reportAllChanges: true });
      onINP(set('fid'), { reportAllChanges: true });
      onCLS(set('cls'), { reportAllChanges: true });
    });
    const timer = window.setTimeout(
      () => active && setVitals((v) => ({ ...v, loadTime: pageLoadTime() })),
      1000,
    );
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, []);
  return vitals;
}
