/**
 * The performance score: it starts at 100 and each metric (LCP, FID, CLS, load) over its first
 * threshold costs 10 points, over its second threshold 20 points (never both).
 * Pure, so the shell's widget and the marketing /performance page score identically.
 */

/** Measured values; a metric not (yet) measured costs nothing. Times in ms, CLS unitless. */
export interface PerformanceMetrics {
  /** Largest Contentful Paint, ms. */
  lcp?: number;
  /** First Input Delay, ms (the interaction metric the score uses; see the README's deviations). */
  fid?: number;
  /** Cumulative Layout Shift, unitless. */
  cls?: number;
  /** Page load time (navigation start to load event end), ms. */
  loadTime?: number;
}

export type PerformanceMetricName = keyof PerformanceMetrics;

/** [first threshold (-10), second threshold (-20)]: a value strictly over it is penalised. */
export const PERFORMANCE_THRESHOLDS: Readonly<
  Record<PerformanceMetricName, readonly [number, number]>
> = {
  lcp: [1500, 2500],
  fid: [50, 100],
  cls: [0.1, 0.25],
  loadTime: [2000, 3000],
};

const PERFORMANCE_MAX_SCORE = 100;
const MINOR_PENALTY = 10;
const MAJOR_PENALTY = 20;

/** Points one metric costs: 0, 10 or 20. */
export function metricPenalty(name: PerformanceMetricName, value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 0;
  const [minor, major] = PERFORMANCE_THRESHOLDS[name];
  if (value > major) return MAJOR_PENALTY;
  if (value > minor) return MINOR_PENALTY;
  return 0;
}

/** 100 minus the penalty of every measured metric (so between 20 and 100). */
export function calculatePerformanceScore(metrics: PerformanceMetrics): number {
  const names = Object.keys(PERFORMANCE_THRESHOLDS) as PerformanceMetricName[];
  const penalty = names.reduce((sum, name) => sum + metricPenalty(name, metrics[name]), 0);
  return PERFORMANCE_MAX_SCORE - penalty;
}

export type PerformanceRating = 'good' | 'needs-improvement' | 'poor';

/** A word for a metric's value, matching its penalty band. */
export function rateMetric(name: PerformanceMetricName, value: number): PerformanceRating {
  const penalty = metricPenalty(name, value);
  if (penalty === MAJOR_PENALTY) return 'poor';
  return penalty === MINOR_PENALTY ? 'needs-improvement' : 'good';
}
