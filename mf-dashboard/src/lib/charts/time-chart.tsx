import { useLayoutEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import styled, { useTheme } from 'styled-components';
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

const Area = styled.div`
  display: flex;
  flex-direction: column;
  width: 100%;
  height: 100%;
`;

/** The drawing fills what the legend leaves of the area; its size is read from here. */
const Drawing = styled.div`
  flex: 1;
  min-height: 0;
  overflow: hidden;
`;

const Key = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.25rem 1rem;
  margin: 0.25rem 0 0;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
`;

const Swatch = styled.span<{ $colour: string; $kind: 'line' | 'bar' }>`
  display: inline-block;
  width: 14px;
  height: ${({ $kind }) => ($kind === 'bar' ? '14px' : '3px')};
  margin-right: 0.35rem;
  vertical-align: middle;
  background: ${({ $colour }) => $colour};
`;

interface Size {
  width: number;
  height: number;
}

/**
 * The drawing area's size in whole pixels, read before the browser first paints and again when
 * it changes. recharts' ResponsiveContainer reads it only in an effect after a first, empty
 * paint, so each chart was drawn a frame later, in a render of its own.
 */
function useSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const update = (width: number, height: number) => {
      const next = { width: Math.floor(width), height: Math.floor(height) };
      setSize((previous) =>
        previous?.width === next.width && previous.height === next.height ? previous : next,
      );
    };
    const box = element.getBoundingClientRect();
    update(box.width, box.height);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) update(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
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
  const { ref, size } = useSize();
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
    </>
  );
  // recharts types a key by the row's value types; the rows here are plain records of figures.
  const data = rows as unknown as Record<string, unknown>[];
  // Drawn at the size read above: nothing to draw into until it is known (or while hidden).
  const drawable = size !== null && size.width > 0 && size.height > 0;
  const dimensions = drawable ? { width: size.width, height: size.height } : null;
  return (
    <Area>
      <Drawing ref={ref}>
        {dimensions === null ? null : kind === 'bar' ? (
          <BarChart data={data} accessibilityLayer={false} {...dimensions}>
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
          <LineChart data={data} accessibilityLayer={false} {...dimensions}>
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
      </Drawing>
      {/* The key in HTML, in the page's text colour beside each series' colour: recharts' own
          legend is measured after it is drawn and then moves the whole chart, a second layout
          and render of every chart. */}
      <Key>
        {series.map((s) => (
          <li key={s.key}>
            <Swatch $colour={s.colour} $kind={kind} aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </Key>
    </Area>
  );
}
