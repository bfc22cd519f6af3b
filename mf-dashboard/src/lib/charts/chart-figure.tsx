import { VisuallyHidden } from '@promatch/shared';
import {
  loadTimeChart,
  TimeChart,
  type ChartSeries,
  type TimeChartProps,
} from '@promatch/shared/charts';
import { Suspense, useEffect, useId } from 'react';
import styled from 'styled-components';

/**
 * Starts loading the chart code as a charting page opens, so it is here when the page's figures
 * are. A cold load starts it on navigation (src/app/prefetch-route.ts); a route change inside the
 * app does not, and a chart whose code is still on its way shows its fallback, which React keeps
 * on screen for at least 300 ms.
 */
export function useChartCode(enabled = true): void {
  useEffect(() => {
    if (enabled) loadTimeChart().catch(() => undefined); // a failed load shows in the chart
  }, [enabled]);
}

const Figure = styled.figure`
  margin: 0 0 2rem;
  padding: 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  figcaption {
    font-weight: 600;
    margin-bottom: 0.75rem;
  }
`;

const ChartArea = styled.div`
  height: 16rem;
`;

const Loading = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
`;

export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    text-align: left;
    padding: 0.35rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td + td,
  th + th {
    text-align: right;
  }
`;

const TableDetails = styled.details`
  margin-top: 0.75rem;
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.primary};
  }
  > div {
    max-height: 20rem;
    overflow: auto;
    margin-top: 0.5rem;
  }
`;

export interface ChartFigureProps<Row> extends TimeChartProps<Row> {
  title: string;
  /** One sentence with the totals, read out in place of the picture. */
  summary: string;
  /** How an x value is written in the table (defaults to the axis format). */
  formatRowLabel?: (value: string) => string;
  /** How a cell is written in the table; null or undefined shows a dash. */
  formatCell?: (value: number, series: ChartSeries<Row>) => string;
}

/**
 * A titled chart with its summary and, behind a disclosure, a table of the very same figures:
 * the accessible way to read a chart, and the one that does not need the chart library.
 */
export function ChartFigure<Row extends object>({
  title,
  summary,
  formatRowLabel,
  formatCell = (value) => value.toLocaleString('en-GB'),
  ...chart
}: ChartFigureProps<Row>) {
  const id = useId();
  const label = formatRowLabel ?? chart.formatX ?? ((value: string) => value);
  return (
    <Figure aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <p id={`${id}-summary`}>{summary}</p>
      <ChartArea role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
        <Suspense fallback={<Loading>Drawing the chart…</Loading>}>
          <TimeChart {...chart} />
        </Suspense>
      </ChartArea>
      <TableDetails>
        <summary>Show the figures as a table</summary>
        <div>
          <DataTable>
            <caption>
              <VisuallyHidden>{title}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {chart.series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => {
                const x = String(row[chart.xKey]);
                return (
                  <tr key={x}>
                    <th scope="row">{label(x)}</th>
                    {chart.series.map((s) => {
                      const value = row[s.key];
                      return (
                        <td key={s.key}>
                          {typeof value === 'number' ? formatCell(value, s) : '—'}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        </div>
      </TableDetails>
    </Figure>
  );
}
