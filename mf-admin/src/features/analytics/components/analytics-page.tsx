import { Button, DataTable, Page } from '@promatch/shared';
import { TimeChart } from '@promatch/shared/charts';
import { format, parseISO, subDays } from 'date-fns';
import { Suspense, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ErrorText, Toolbar } from '../../../lib/ui';
import { usePlatformAnalytics } from '../api/get-platform-analytics';
import { SERIES, toCsv, type DayFigures } from '../utils/analytics-csv';

const ChartBox = styled.figure`
  display: flex;
  flex-direction: column;
  margin: 0 0 1.5rem;
  height: 22rem;
  figcaption {
    font-weight: 600;
    margin-bottom: 0.5rem;
  }
`;

/** The chart takes the figure's height left under the caption. */
const ChartArea = styled.div`
  flex: 1;
  min-height: 0;
`;

const TABLE_COLUMNS = [
  'Day',
  ...SERIES.map((s) => ({ key: s.key, label: s.label, align: 'end' as const })),
];

const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');
const shortDay = (iso: string) => format(parseISO(iso), 'd MMM');

function download(rows: readonly DayFigures[], from: string, to: string) {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `promatch-analytics-${from}-to-${to}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** Platform figures per day from the database: a chart, the same figures as a table, and CSV. */
export function AnalyticsPage() {
  const today = new Date();
  const [draft, setDraft] = useState({ from: isoDay(subDays(today, 29)), to: isoDay(today) });
  const [range, setRange] = useState(draft);
  const figures = usePlatformAnalytics(range);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };
  const rows = figures.data ?? [];
  const totals = SERIES.map((s) => ({
    ...s,
    total: rows.reduce((sum, row) => sum + Number(row[s.key]), 0),
  }));
  return (
    <Page heading="Analytics" lead="Platform activity per day (UTC), counted in the database.">
      <form onSubmit={submit} aria-label="Date range">
        <Toolbar>
          <label>
            From
            <input
              type="date"
              value={draft.from}
              max={draft.to}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
          </label>
          <label>
            To
            <input
              type="date"
              value={draft.to}
              min={draft.from}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </label>
          <Button type="submit">Show</Button>
          <Button
            type="button"
            $variant="outline"
            disabled={rows.length === 0}
            onClick={() => download(rows, range.from, range.to)}
          >
            Export CSV
          </Button>
        </Toolbar>
      </form>
      {figures.error ? <ErrorText role="alert">{figures.error.message}</ErrorText> : null}
      {figures.isPending ? <p role="status">Counting…</p> : null}
      {rows.length > 0 ? (
        <>
          <ChartBox>
            <figcaption id="analytics-chart-caption">
              Daily activity, {range.from} to {range.to} (the table below holds the same figures)
            </figcaption>
            <ChartArea
              role="img"
              aria-labelledby="analytics-chart-caption"
              aria-describedby="analytics-totals"
            >
              <Suspense fallback={<p>Drawing the chart…</p>}>
                <TimeChart rows={rows} xKey="day" series={SERIES} formatX={shortDay} />
              </Suspense>
            </ChartArea>
          </ChartBox>
          <p id="analytics-totals">
            Totals: {totals.map((t) => `${t.label} ${t.total}`).join(', ')}.
          </p>
          <DataTable caption="Daily figures" columns={TABLE_COLUMNS}>
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row">{row.day}</th>
                {SERIES.map((s) => (
                  <td key={s.key} data-align="end">
                    {row[s.key]}
                  </td>
                ))}
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
    </Page>
  );
}
