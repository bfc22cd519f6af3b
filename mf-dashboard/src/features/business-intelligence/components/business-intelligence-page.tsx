import { Button, Card, Page, useSession } from '@promatch/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ChartFigure, DataTable, useChartCode } from '../../../lib/charts/chart-figure';
import { downloadText } from '../../../lib/charts/csv';
import { DateRangeForm, type DateRange } from '../../../lib/charts/date-range';
import { formatCount, formatLongDay, formatMonth } from '../../../lib/charts/format';
import { SERIES_COLOURS as C } from '@promatch/shared/charts';
import { StatList } from '../../../lib/charts/stat-list';
import { formatGbp } from '@promatch/shared/money';
import {
  defaultInsightsRange,
  useBusinessInsights,
  type BusinessInsights,
} from '../api/get-business-insights';
import { categoryName, hiresCsv, monthsCsv } from '../utils/insights-csv';

/** The database allows two years in one request. */
const MAX_DAYS = 731;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin: 0 0 1.5rem;
`;

const TableWrap = styled.div`
  overflow-x: auto;
  margin-bottom: 2rem;
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
`;

const money = (value: number | null) => (value === null ? '—' : formatGbp(value));
const days = (value: number | null) => (value === null ? '—' : `${value} days`);
const RATE_UNIT = { fixed: '', day: ' a day', hour: ' an hour' } as const;

function Figures({ data, range }: { data: BusinessInsights; range: DateRange }) {
  const axis = { rows: data.months, xKey: 'month' as const, formatX: formatMonth };
  const save = (name: string, text: string) =>
    downloadText(`promatch-${name}-${range.from}-to-${range.to}.csv`, text);
  return (
    <>
      <Actions>
        <Button
          type="button"
          $variant="outline"
          onClick={() => save('hires', hiresCsv(data.hires))}
        >
          Download hires (CSV)
        </Button>
        <Button
          type="button"
          $variant="outline"
          onClick={() => save('monthly-figures', monthsCsv(data.months))}
        >
          Download monthly figures (CSV)
        </Button>
      </Actions>
      <section aria-labelledby="bi-totals">
        <h2 id="bi-totals">Totals for these dates</h2>
        <StatList
          stats={[
            { label: 'Projects posted', value: formatCount(data.totals.projects_posted) },
            { label: 'Hires', value: formatCount(data.totals.hires) },
            { label: 'Fixed-price spend committed', value: formatGbp(data.totals.spend_committed) },
            { label: 'Median time to hire', value: days(data.totals.median_days_to_hire) },
          ]}
        />
        <Note>
          Spend committed adds up the fixed prices you accepted. Day- and hour-rate hires have no
          agreed total, so they appear by their rate below. The marketplace median is shown only
          when at least three day-rate hires were made that month or in that category.
        </Note>
      </section>
      <section aria-labelledby="bi-months">
        <h2 id="bi-months">Month by month</h2>
        <ChartFigure
          title="Projects posted and hires"
          summary={`${formatCount(data.totals.projects_posted)} projects posted and ${formatCount(data.totals.hires)} hires.`}
          kind="bar"
          series={[
            { key: 'projects_posted', label: 'Projects posted', colour: C[0] },
            { key: 'hires', label: 'Hires', colour: C[2] },
          ]}
          {...axis}
        />
        <ChartFigure
          title="Fixed-price spend committed"
          summary={`${formatGbp(data.totals.spend_committed)} committed in fixed prices.`}
          kind="bar"
          series={[{ key: 'spend_committed', label: 'Spend committed (£)', colour: C[1] }]}
          formatY={formatGbp}
          formatCell={formatGbp}
          {...axis}
        />
        <ChartFigure
          title="Time from posting to hire"
          summary={
            data.totals.median_days_to_hire === null
              ? 'No hires to time in these dates.'
              : `Half of your hires were made within ${days(data.totals.median_days_to_hire)} of posting.`
          }
          series={[{ key: 'median_days_to_hire', label: 'Median days to hire', colour: C[3] }]}
          formatCell={(value) => days(value)}
          {...axis}
        />
        <ChartFigure
          title="Day rates against the marketplace median"
          summary="Your median accepted day rate each month beside the median of every day-rate hire on ProMatch."
          series={[
            { key: 'median_day_rate', label: 'Your median day rate (£)', colour: C[0] },
            { key: 'market_median_day_rate', label: 'Marketplace median (£)', colour: C[4] },
          ]}
          formatY={formatGbp}
          formatCell={formatGbp}
          {...axis}
        />
      </section>
      <section aria-labelledby="bi-categories">
        <h2 id="bi-categories">By category</h2>
        {data.categories.length === 0 ? (
          <p>No hires in these dates.</p>
        ) : (
          <TableWrap>
            <DataTable>
              <caption>Hires by category</caption>
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col">Hires</th>
                  <th scope="col">Fixed-price spend</th>
                  <th scope="col">Your median day rate</th>
                  <th scope="col">Marketplace median day rate</th>
                </tr>
              </thead>
              <tbody>
                {data.categories.map((c) => (
                  <tr key={c.category ?? 'none'}>
                    <th scope="row">{categoryName(c.category)}</th>
                    <td>{formatCount(c.hires)}</td>
                    <td>{formatGbp(c.spend_committed)}</td>
                    <td>{money(c.median_day_rate)}</td>
                    <td>{money(c.market_median_day_rate)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableWrap>
        )}
      </section>
      <section aria-labelledby="bi-hires">
        <h2 id="bi-hires">Hires</h2>
        {data.hires.length === 0 ? (
          <p>
            No hires in these dates. Accept a proposal on one of your{' '}
            <Link to="/projects">projects</Link> and it appears here.
          </p>
        ) : (
          <TableWrap>
            <DataTable>
              <caption>Every hire in these dates, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Project</th>
                  <th scope="col">Professional</th>
                  <th scope="col">Category</th>
                  <th scope="col">Rate</th>
                  <th scope="col">Hired</th>
                  <th scope="col">Days to hire</th>
                </tr>
              </thead>
              <tbody>
                {data.hires.map((h) => (
                  <tr key={h.project_id}>
                    <th scope="row">
                      <Link to={`/projects/${h.project_id}`}>{h.title}</Link>
                    </th>
                    <td>{h.professional_name ?? '—'}</td>
                    <td>{categoryName(h.category)}</td>
                    <td>
                      {h.rate === null ? '—' : `${formatGbp(h.rate)}${RATE_UNIT[h.budget_type]}`}
                    </td>
                    <td>{formatLongDay(h.hired_at.slice(0, 10))}</td>
                    <td>{h.days_to_hire ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableWrap>
        )}
      </section>
    </>
  );
}

/** /business-intelligence: a business's spend, hiring speed and rates, counted in the database. */
export function BusinessIntelligencePage() {
  const accountType = useSession((state) => state.accountType);
  const isBusiness = accountType === 'business';
  useChartCode(isBusiness);
  const [range, setRange] = useState<DateRange>(() => defaultInsightsRange(new Date()));
  const insights = useBusinessInsights(range, isBusiness);
  // Show with the same dates counts again: the user may have just done something.
  const show = (next: DateRange) => {
    if (next.from === range.from && next.to === range.to) void insights.refetch();
    else setRange(next);
  };
  const lead = 'Spend, hiring and day rates across your projects, month by month (UTC).';
  if (!isBusiness) {
    return (
      <Page heading="Business Intelligence" lead={lead}>
        <Card role="note">
          <p>
            Business intelligence is for business accounts: it reports on the projects a business
            posts and the professionals it hires.
          </p>
          <p>
            Your own figures (profile views, messages, proposals and bookings) are on your{' '}
            <Link to="/analytics-dashboard">Analytics Dashboard</Link>.
          </p>
        </Card>
      </Page>
    );
  }
  return (
    <Page heading="Business Intelligence" lead={lead}>
      <DateRangeForm value={range} onChange={show} maxDays={MAX_DAYS} />
      {insights.error ? (
        <ErrorText role="alert">
          Your figures could not be loaded: {insights.error.message}
        </ErrorText>
      ) : null}
      {insights.isPending ? <p role="status">Counting your figures…</p> : null}
      {insights.data ? <Figures data={insights.data} range={range} /> : null}
    </Page>
  );
}
