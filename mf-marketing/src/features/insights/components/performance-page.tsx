import { Card, DataTable, Page, Stack, useSeo } from '@promatch/shared';
import {
  calculatePerformanceScore,
  metricPenalty,
  PERFORMANCE_THRESHOLDS,
  useCollectedMetrics,
  type CollectedMetrics,
  type PerformanceMetricName,
} from '@promatch/shared/performance';

const ms = (v: number) => `${Math.round(v)} ms`;

/** The four scored metrics; INP follows them, shown but not scored. */
const METRICS: { key: PerformanceMetricName; name: string; format(value: number): string }[] = [
  { key: 'lcp', name: 'Largest Contentful Paint', format: ms },
  { key: 'fid', name: 'First Input Delay', format: ms },
  { key: 'cls', name: 'Cumulative Layout Shift', format: (v) => v.toFixed(3) },
  { key: 'loadTime', name: 'Page load time', format: ms },
];

function MetricRow({
  name,
  value,
  thresholds,
  verdict: word,
}: {
  name: string;
  value: string;
  thresholds: string;
  verdict: string;
}) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{value}</td>
      <td>{thresholds}</td>
      <td>{word}</td>
    </tr>
  );
}

function inpRow(metrics: CollectedMetrics) {
  return (
    <MetricRow
      name="Interaction to Next Paint"
      value={metrics.inp === undefined ? 'Not measured yet' : ms(metrics.inp)}
      thresholds="–"
      verdict="shown, not scored"
    />
  );
}

const verdict = (points: number) =>
  points === 0 ? 'good' : points === 10 ? 'needs improvement (−10)' : 'poor (−20)';

export function PerformancePage() {
  useSeo({
    title: 'Performance Dashboard',
    description:
      'Your own Core Web Vitals for ProMatch, measured in your browser, and the resulting performance score.',
    path: '/performance',
  });
  const vitals = useCollectedMetrics();
  const score = calculatePerformanceScore(vitals);
  return (
    <Page
      heading="Performance Dashboard"
      lead="How fast ProMatch loads for you, measured in your browser with web-vitals."
    >
      <Stack $gap="xl">
        <Card aria-live="polite">
          <h2>Your performance score: {score}/100</h2>
          <p>
            The score starts at 100 and loses 10 or 20 points for each of Largest Contentful Paint,
            First Input Delay, Cumulative Layout Shift and page load time over its thresholds.
            Metrics not measured yet cost nothing: click or type on the page to measure First Input
            Delay. Interaction to Next Paint, its successor, is shown for information and not
            scored.
          </p>
        </Card>
        <DataTable
          id="performance-metrics"
          caption="Your metrics for this visit"
          columns={['Metric', 'Your value', 'Thresholds', 'Verdict']}
        >
          {METRICS.map(({ key, name, format }) => {
            const value = vitals[key];
            const [warn, fail] = PERFORMANCE_THRESHOLDS[key];
            return (
              <MetricRow
                key={key}
                name={name}
                value={value === undefined ? 'Not measured yet' : format(value)}
                thresholds={`${format(warn)} / ${format(fail)}`}
                verdict={value === undefined ? '–' : verdict(metricPenalty(key, value))}
              />
            );
          })}
          {inpRow(vitals)}
        </DataTable>
      </Stack>
      <p>Nothing on this page is sent to ProMatch: the figures stay in your browser.</p>
    </Page>
  );
}
