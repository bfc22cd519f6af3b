import {
  calculatePerformanceScore,
  metricPenalty,
  PERFORMANCE_THRESHOLDS,
  rateMetric,
} from './performance-score';

test('a page with nothing measured, or everything fast, scores 100', () => {
  expect(calculatePerformanceScore({})).toBe(100);
  expect(calculatePerformanceScore({ lcp: 1500, fid: 50, cls: 0.1, loadTime: 2000 })).toBe(100);
});

test.each([
  ['lcp', 1500, 1501, 2500, 2501],
  ['fid', 50, 51, 100, 101],
  ['cls', 0.1, 0.11, 0.25, 0.26],
  ['loadTime', 2000, 2001, 3000, 3001],
] as const)(
  '%s costs 0 at %p, 10 over it (%p, %p) and 20 over %p',
  (name, ok, minor, edge, major) => {
    expect(metricPenalty(name, ok)).toBe(0);
    expect(metricPenalty(name, minor)).toBe(10);
    expect(metricPenalty(name, edge)).toBe(10);
    expect(metricPenalty(name, major)).toBe(20);
  },
);

test('penalties add up per metric', () => {
  expect(calculatePerformanceScore({ lcp: 2000, fid: 10, cls: 0.3, loadTime: 2500 })).toBe(60);
  expect(calculatePerformanceScore({ lcp: 9000, fid: 900, cls: 1, loadTime: 9000 })).toBe(20);
});

test('non-finite values are treated as not measured', () => {
  expect(calculatePerformanceScore({ lcp: Number.NaN, cls: Infinity })).toBe(100);
});

test('ratings follow the penalty bands', () => {
  expect(rateMetric('lcp', 1000)).toBe('good');
  expect(rateMetric('lcp', 2000)).toBe('needs-improvement');
  expect(rateMetric('lcp', 3000)).toBe('poor');
  expect(Object.keys(PERFORMANCE_THRESHOLDS)).toEqual(['lcp', 'fid', 'cls', 'loadTime']);
});
