import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis';
import { curveMonotoneX } from '@visx/curve';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import styled, { useTheme } from 'styled-components';
import type { ChartSeries } from './series';

/**
 * At most this many dates are written under the x axis, at a fixed step, so labels never
 * overlap and nothing needs measuring. Six short dates fit a phone's width.
 */
const AXIS_LABELS = 6;
/** Room for the y axis' labels (compact figures such as 12K or £1.3M fit) and the x axis'. */
const MARGIN = { top: 8, right: 12, bottom: 28, left: 56 };
const Y_TICKS = 5;

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

/** The drawing fills what the key leaves of the area; its size is read from here. */
const Drawing = styled.div`
  position: relative;
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

const Tip = styled.div`
  position: absolute;
  top: ${MARGIN.top}px;
  pointer-events: none;
  padding: 0.35rem 0.5rem;
  font-size: 0.8125rem;
  line-height: 1.4;
  white-space: nowrap;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  p {
    margin: 0;
  }
`;

interface Size {
  width: number;
  height: number;
}

/**
 * The drawing area's size in whole pixels, read before the browser first paints and again when
 * it changes, so the chart is drawn once, at its size, in the same frame as the page.
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

const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

/** A row's figure for a series, or null where the row has none (a gap, not a zero). */
function valueOf<Row>(row: Row, series: ChartSeries<Row>): number | null {
  const value = row[series.key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Axis labels as plain SVG text: nothing to measure, one element each. */
function TickLabel({ x, y, formattedValue, ...rest }: TickRendererProps) {
  return (
    <text x={x} y={y} {...rest}>
      {formattedValue}
    </text>
  );
}

interface PlotProps<Row> extends Required<Omit<TimeChartProps<Row>, 'kind'>> {
  kind: 'line' | 'bar';
  size: Size;
}

function Plot<Row extends object>({
  rows,
  xKey,
  series,
  kind,
  formatX,
  formatY,
  size,
}: PlotProps<Row>) {
  const theme = useTheme();
  const [hovered, setHovered] = useState<number | null>(null);
  const width = Math.max(0, size.width - MARGIN.left - MARGIN.right);
  const height = Math.max(0, size.height - MARGIN.top - MARGIN.bottom);
  const keys = rows.map((row) => String(row[xKey]));
  const x = scaleBand<string>({
    domain: keys,
    range: [0, width],
    padding: kind === 'bar' ? 0.2 : 0,
  });
  const highest = Math.max(0, ...rows.flatMap((row) => series.map((s) => valueOf(row, s) ?? 0)));
  // Up to at least 1, so figures under 1 (half a minute) still get a labelled top.
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, highest)],
    range: [height, 0],
    nice: true,
  });
  // Whole numbers on the axis: steps such as 0.2 help nobody read a count, an amount or a time.
  const yTicks = y.ticks(Y_TICKS).filter(Number.isInteger);
  const step = Math.max(1, Math.ceil(keys.length / AXIS_LABELS));
  const xTicks = keys.filter((_, index) => index % step === 0);
  const centre = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
  const inner = scaleBand<string>({
    domain: series.map((s) => s.key),
    range: [0, x.bandwidth()],
    padding: 0.1,
  });
  const label = { fill: theme.colors.mutedText, fontSize: 12, fontFamily: 'inherit' };

  const hover = (event: PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const along = event.clientX - box.left;
    const index = Math.floor((along / Math.max(1, box.width)) * keys.length);
    if (Number.isFinite(index)) setHovered(Math.min(keys.length - 1, Math.max(0, index)));
  };

  const hoveredRow = hovered === null ? undefined : rows[hovered];
  const hoveredKey = hovered === null ? undefined : keys[hovered];
  return (
    <>
      <svg className="time-chart" width={size.width} height={size.height} aria-hidden="true">
        <Group left={MARGIN.left} top={MARGIN.top}>
          <GridRows
            scale={y}
            width={width}
            tickValues={yTicks}
            stroke={theme.colors.border}
            strokeDasharray="3 3"
          />
          {hoveredKey !== undefined ? (
            <rect
              x={kind === 'bar' ? (x(hoveredKey) ?? 0) : centre(hoveredKey) - 0.5}
              width={kind === 'bar' ? x.bandwidth() : 1}
              height={height}
              fill={theme.colors.border}
              opacity={kind === 'bar' ? 0.5 : 1}
            />
          ) : null}
          {kind === 'bar'
            ? rows.flatMap((row, index) =>
                series.map((s) => {
                  const value = valueOf(row, s);
                  if (!value) return null;
                  const top = y(value);
                  return (
                    <Bar
                      key={`${keys[index]}-${s.key}`}
                      x={(x(keys[index] ?? '') ?? 0) + (inner(s.key) ?? 0)}
                      y={top}
                      width={inner.bandwidth()}
                      height={height - top}
                      fill={s.colour}
                    />
                  );
                }),
              )
            : series.map((s) => (
                <LinePath
                  key={s.key}
                  // Days without a figure are skipped and the line joins the days either side.
                  data={rows.filter((row) => valueOf(row, s) !== null)}
                  x={(row) => centre(String(row[xKey]))}
                  y={(row) => y(valueOf(row, s) ?? 0)}
                  curve={curveMonotoneX}
                  stroke={s.colour}
                  strokeWidth={2}
                  fill="none"
                />
              ))}
          <AxisLeft
            scale={y}
            tickValues={yTicks}
            tickFormat={(value) => compact.format(Number(value))}
            stroke={theme.colors.mutedText}
            tickStroke={theme.colors.mutedText}
            tickLabelProps={{ ...label, textAnchor: 'end', dx: -4, dy: 4 }}
            tickComponent={TickLabel}
          />
          <AxisBottom
            top={height}
            scale={x}
            tickValues={xTicks}
            tickFormat={(value) => formatX(String(value))}
            stroke={theme.colors.mutedText}
            tickStroke={theme.colors.mutedText}
            tickLabelProps={{ ...label, textAnchor: 'middle' }}
            tickComponent={TickLabel}
          />
          <rect
            width={width}
            height={height}
            fill="transparent"
            onPointerMove={hover}
            onPointerLeave={() => setHovered(null)}
          />
        </Group>
      </svg>
      {hoveredRow !== undefined && hoveredKey !== undefined ? (
        <Tip
          role="tooltip"
          // Inline style: the tip follows the hovered point, a new position on every move.
          style={
            centre(hoveredKey) < width / 2
              ? { left: MARGIN.left + centre(hoveredKey) + 12 }
              : { right: MARGIN.right + width - centre(hoveredKey) + 12 }
          }
        >
          <p>
            <strong>{formatX(hoveredKey)}</strong>
          </p>
          {series.map((s) => {
            const value = valueOf(hoveredRow, s);
            return (
              <p key={s.key}>
                {s.label}: {value === null ? '—' : formatY(value)}
              </p>
            );
          })}
        </Tip>
      ) : null}
    </>
  );
}

/**
 * A chart of figures over time (visx: d3's scales and plain SVG, drawn in one render with nothing
 * measured but the area). Loaded on its own, only on the pages that chart, so it stays out of
 * every other page's download. Decorative to assistive technology: ChartFigure gives the same
 * figures as a table.
 */
export default function TimeChart<Row extends object>({
  rows,
  xKey,
  series,
  kind = 'line',
  formatX = (value) => value,
  formatY = (value) => value.toLocaleString('en-GB'),
}: TimeChartProps<Row>) {
  const { ref, size } = useSize();
  // Drawn at the size read above: nothing to draw into until it is known (or while hidden).
  const drawable = size !== null && size.width > 0 && size.height > 0;
  return (
    <Area>
      <Drawing ref={ref}>
        {drawable ? (
          <Plot
            rows={rows}
            xKey={xKey}
            series={series}
            kind={kind}
            formatX={formatX}
            formatY={formatY}
            size={size}
          />
        ) : null}
      </Drawing>
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
