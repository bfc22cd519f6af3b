import { stubPerformanceEntries } from '../testing/performance-entries-stub';
import { collectMetrics, type CollectedMetrics } from './collect-metrics';
import { calculatePerformanceScore } from './performance-score';

jest.mock('web-vitals', () => ({
  onLCP: (report: (metric: { value: number }) => void) => report({ value: 1200 }),
  onCLS: (report: (metric: { value: number }) => void) => report({ value: 0.05 }),
  onINP: (report: (metric: { value: number }) => void) => report({ value: 480 }),
}));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('collectMetrics', () => {
  let restore: () => void;
  afterEach(() => restore());

  it('reads FID from the first-input entry and reports INP apart, unscored', async () => {
    restore = stubPerformanceEntries({
      firstInput: { startTime: 1000, processingStart: 1130 },
      loadEventEnd: 1800,
    });
    const seen: CollectedMetrics = {};
    const stop = await collectMetrics((change) => Object.assign(seen, change));
    await flush();
    stop();
    expect(seen).toMatchObject({ lcp: 1200, cls: 0.05, inp: 480, fid: 130, loadTime: 1800 });
    // FID 130 ms is over 100 (-20); a 480 ms INP costs nothing because it is not scored.
    expect(calculatePerformanceScore(seen)).toBe(80);
  });

  it('leaves FID unmeasured when the browser has no first-input entry type', async () => {
    restore = stubPerformanceEntries({});
    const seen: CollectedMetrics = {};
    const stop = await collectMetrics((change) => Object.assign(seen, change));
    await flush();
    stop();
    expect(seen.fid).toBeUndefined();
    expect(seen.inp).toBe(480);
  });

  it('reports nothing after it is stopped', async () => {
    restore = stubPerformanceEntries({ firstInput: { startTime: 0, processingStart: 40 } });
    const seen: CollectedMetrics = {};
    const stop = await collectMetrics((change) => Object.assign(seen, change));
    stop();
    await flush();
    expect(seen.fid).toBeUndefined();
  });
});
