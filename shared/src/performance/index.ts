/**
 * Performance metrics and their score, a subpath entry: used by the shell's idle-loaded widget and
 * the /performance page, so kept out of the `@promatch/shared` singleton every page loads before
 * its first render. No shared state: each collection observes the browser's own entries.
 */
export {
  calculatePerformanceScore,
  metricPenalty,
  PERFORMANCE_THRESHOLDS,
  rateMetric,
  type PerformanceMetricName,
  type PerformanceMetrics,
  type PerformanceRating,
} from './performance-score';
export { collectMetrics, useCollectedMetrics, type CollectedMetrics } from './collect-metrics';
