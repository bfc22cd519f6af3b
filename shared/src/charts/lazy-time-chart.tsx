import { use, type ReactElement } from 'react';
import { trackSettled, type Tracked } from '../lib/track-settled';
import type { TimeChartProps } from './time-chart';

type TimeChartModule = typeof import('./time-chart');
let chartModule: Tracked<TimeChartModule> | undefined;

/**
 * The chart code (visx) arrives in its own chunk of the app that draws a chart, only on pages with
 * one. A charting page may start it on navigation, so it loads alongside the page's figures. The
 * promise says when it has settled (the fields React's `use` reads), so a chart drawn once the
 * chunk is here draws at once. React.lazy would suspend it for one round anyway, and React holds
 * back content revealed after a fallback until 300 ms after that fallback showed. A failed load is
 * kept, as React.lazy kept it: the chart shows the page's error screen.
 */
export function loadTimeChart(): Promise<TimeChartModule> {
  if (!chartModule) {
    chartModule = trackSettled(import(/* webpackChunkName: "charts" */ './time-chart'));
  }
  return chartModule;
}

/** The chart, drawn as soon as its code is here; suspends until then (wrap it in Suspense). */
export function TimeChart<Row extends object>(props: TimeChartProps<Row>): ReactElement {
  const { default: Chart } = use(loadTimeChart());
  return <Chart {...props} />;
}
