/**
 * Charts of figures over time, drawn with visx in a chunk of their own that only charting pages
 * load. Every chart needs an accessible alternative beside it (a table of the same figures):
 * the drawing is hidden from assistive technology.
 */
export { loadTimeChart, TimeChart } from './lazy-time-chart';
export type { TimeChartProps } from './time-chart';
export { SERIES_COLOURS, type ChartSeries } from './series';
