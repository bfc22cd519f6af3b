import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTheme } from 'styled-components';
import type { ChartSeries } from './series';

/**
 * At most this many dates are written under the x axis, at a fixed step. recharts' default
 * instead measures every label in the DOM to see which fit, a forced layout per day of the range
 * and per chart, while the charting pages draw after their data (bench/dashboard-overview.mjs).
 * Six short dates fit a phone's width.
 */
const AXIS_LABELS = 6;

export interface TimeChartProps<Row> {
  rows: readonly Row[];
  /** The field on the x axis (a day or a month, as ISO text). */
  xKey: keyof Row & string;
  series: readonly ChartSeries<Row>[];
  kind?: 'line' | 'bar';
  /** How an x value is written on the axis and in the tooltip. */
  formatX?: (value: string) => string;
  /** How a y value is written in the tooltip. */
  formatY?: (value: number) => string;
}

/**
 * A chart of figures over time (recharts, SVG). Loaded on its own (lazy), only on the pages that
 * chart, so the library stays out of every other page's download. Decorative to assistive
 * technology: ChartFigure gives the same figures as a table.
 */
export default function TimeChart<Row extends object>({
  rows,
  xKey,
  series,
  kind = 'line',
  formatX = (value) => value,
  formatY = (value) => String(value),
}: TimeChartProps<Row>) {
  const theme = useTheme();
  const axis = { stroke: theme.colors.mutedText, fontSize: 12 };
  const common = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
      <XAxis
        dataKey={xKey as string}
        tickFormatter={(value: string) => formatX(value)}
        tick={axis}
        interval={Math.max(0, Math.ceil(rows.length / AXIS_LABELS) - 1)}
      />
      <YAxis allowDecimals={false} tick={axis} width={56} />
      <Tooltip
        labelFormatter={(value) => formatX(String(value))}
        formatter={(value) => (typeof value === 'number' ? formatY(value) : String(value ?? '—'))}
        contentStyle={{ background: theme.colors.surface, borderColor: theme.colors.border }}
      />
      <Legend />
    </>
  );
  // recharts types a key by the row's value types; the rows here are plain records of figures.
  const data = rows as unknown as Record<string, unknown>[];
  return (
    <ResponsiveContainer width="100%" height="100%">
      {kind === 'bar' ? (
        <BarChart data={data} accessibilityLayer={false}>
          {common}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key as string}
              name={s.label}
              fill={s.colour}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      ) : (
        <LineChart data={data} accessibilityLayer={false}>
          {common}
          {series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key as string}
              name={s.label}
              stroke={s.colour}
              strokeWidth={2}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
