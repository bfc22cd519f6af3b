import {
  calculatePerformanceScore,
  Card,
  metricPenalty,
  Page,
  PERFORMANCE_THRESHOLDS,
  useSeo,
} from '@promatch/shared';
import { useWebVitals, type VitalsSnapshot } from './hooks/use-web-vitals';

const METRICS: { key: keyof VitalsSnapshot; name: string; format(value: number): string }[] = [
  { key: 'lcp', name: 'Largest Contentful Paint', format: (v) => `${Math.round(v)} ms` },
  {
    key: 'fid',
    name: 'Interaction to Next Paint (in place of First Input Delay)',
    format: (v) => `${Math.round(v)} ms`,
  },
  { key: 'cls', name: 'Cumulative Layout Shift', format: (v) => v.toFixed(3) },
  { key: 'loadTime', name: 'Page load time', format: (v) => `${Math.round(v)} ms` },
];

const verdict = (points: number) =>
  points === 0 ? 'good' : points === 10 ? 'needs improvement (−10)' : 'poor (−20)';

export function PerformancePage() {
  useSeo({
    title: 'Performance Dashboard',
    description:
      'Your own Core Web Vitals for ProMatch, measured in your browser, and the resulting performance score.',
    path: '/performance',
  });
  const vitals = useWebVitals();
  const score = calculatePerformanceScore(vitals);
  return (
    <Page
      heading="Performance Dashboard"
      lead="How fast ProMatch loads for you, measured in your browser with web-vitals."
    >
      <Card aria-live="polite">
        <h2 style={{ marginTop: 0 }}>Your performance score: {score}/100</h2>
        <p style={{ marginBottom: 0 }}>
          The score starts at 100 and loses 10 or 20 points for each metric over its thresholds. The
          web-vitals library no longer reports First Input Delay, so Interaction to Next Paint uses
          its thresholds (50 and 100 ms). Metrics not measured yet cost nothing; interact with the
          page to measure INP.
        </p>
      </Card>
      <table style={{ width: '100%', borderCollapse: 'collapse', marginTop: '1.5rem' }}>
        <caption style={{ textAlign: 'left', fontWeight: 700, marginBottom: '0.5rem' }}>
          Your metrics for this visit
        </caption>
        <thead>
          <tr>
            {['Metric', 'Your value', 'Thresholds', 'Verdict'].map((head) => (
              <th
                key={head}
                scope="col"
                style={{ textAlign: 'left', padding: '0.4rem', borderBottom: '2px solid #cbd5e1' }}
              >
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {METRICS.map(({ key, name, format }) => {
            const value = vitals[key];
            const [warn, fail] = PERFORMANCE_THRESHOLDS[key];
            return (
              <tr key={key}>
                <th scope="row" style={{ textAlign: 'left', padding: '0.4rem', fontWeight: 400 }}>
                  {name}
                </th>
                <td style={{ padding: '0.4rem' }}>
                  {value === undefined ? 'Not measured yet' : format(value)}
                </td>
                <td style={{ padding: '0.4rem' }}>
                  {format(warn)} / {format(fail)}
                </td>
                <td style={{ padding: '0.4rem' }}>
                  {value === undefined ? '–' : verdict(metricPenalty(key, value))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>Nothing on this page is sent to ProMatch: the figures stay in your browser.</p>
    </Page>
  );
}
