import { Page } from '@promatch/shared';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { ChartFigure, useChartCode } from '../../../lib/charts/chart-figure';
import { DateRangeForm, type DateRange } from '../../../lib/charts/date-range';
import {
  formatCount,
  formatLongDay,
  formatMinutes,
  formatPercent,
  formatShortDay,
} from '../../../lib/charts/format';
import { SERIES_COLOURS as C } from '@promatch/shared/charts';
import { StatList } from '../../../lib/charts/stat-list';
import {
  defaultAnalyticsRange,
  useMyAnalytics,
  type AnalyticsDay,
  type MyAnalytics,
} from '../api/get-my-analytics';
import { AdvancedAnalyticsNote, NoAnalyticsNote, usePlanIncludes } from './plan-analytics-note';

/** The database allows up to 366 days in one request. */
const MAX_DAYS = 366;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

type Sums = Record<
  | 'profile_views'
  | 'search_appearances'
  | 'messages_sent'
  | 'messages_received'
  | 'proposals'
  | 'proposals_accepted'
  | 'proposals_declined'
  | 'bookings',
  number
>;

function sum(days: readonly AnalyticsDay[]): Sums {
  const total: Sums = {
    profile_views: 0,
    search_appearances: 0,
    messages_sent: 0,
    messages_received: 0,
    proposals: 0,
    proposals_accepted: 0,
    proposals_declined: 0,
    bookings: 0,
  };
  for (const day of days)
    for (const key of Object.keys(total) as (keyof Sums)[]) total[key] += day[key];
  return total;
}

/** Per day: the share of the other person's turns the user answered, in percent. */
const withRate = (days: readonly AnalyticsDay[]) =>
  days.map((day) => ({
    ...day,
    response_rate:
      day.conversations_to_answer === 0
        ? null
        : Math.round((1000 * day.answered) / day.conversations_to_answer) / 10,
  }));

function Figures({ data }: { data: MyAnalytics }) {
  const totals = sum(data.days);
  const days = useMemo(() => withRate(data.days), [data.days]);
  const professional = data.accountType === 'professional';
  // the database answers the response figures only to plans with advanced_analytics
  const responses = data.advanced ? data.responses : null;
  const proposalWord = professional ? 'Proposals sent' : 'Proposals received';
  const axis = {
    rows: days,
    xKey: 'day' as const,
    formatX: formatShortDay,
    formatRowLabel: formatLongDay,
  };
  const stats = [
    ...(professional
      ? [
          { label: 'Profile views', value: formatCount(totals.profile_views) },
          { label: 'Search appearances', value: formatCount(totals.search_appearances) },
        ]
      : []),
    { label: 'Messages sent', value: formatCount(totals.messages_sent) },
    { label: 'Messages received', value: formatCount(totals.messages_received) },
    ...(responses
      ? [
          { label: 'Response rate', value: formatPercent(responses.response_rate) },
          {
            label: 'Median response time',
            value: formatMinutes(responses.median_response_minutes),
          },
        ]
      : []),
    { label: proposalWord, value: formatCount(totals.proposals) },
    { label: 'Proposals accepted', value: formatCount(totals.proposals_accepted) },
    { label: 'Appointments booked', value: formatCount(totals.bookings) },
  ];
  return (
    <>
      <section aria-labelledby="analytics-totals">
        <h2 id="analytics-totals">Totals for these dates</h2>
        <StatList stats={stats} />
      </section>
      <section aria-labelledby="analytics-charts">
        <h2 id="analytics-charts">Day by day</h2>
        {professional ? (
          <ChartFigure
            title="Profile views and search appearances"
            summary={`${formatCount(totals.profile_views)} profile views and ${formatCount(totals.search_appearances)} search appearances.`}
            series={[
              { key: 'profile_views', label: 'Profile views', colour: C[0] },
              { key: 'search_appearances', label: 'Search appearances', colour: C[1] },
            ]}
            {...axis}
          />
        ) : null}
        <ChartFigure
          title="Messages"
          summary={`${formatCount(totals.messages_sent)} sent and ${formatCount(totals.messages_received)} received.`}
          series={[
            { key: 'messages_sent', label: 'Sent', colour: C[0] },
            { key: 'messages_received', label: 'Received', colour: C[2] },
          ]}
          {...axis}
        />
        {responses ? (
          <>
            <ChartFigure
              title="Response rate"
              summary={`You answered ${formatCount(responses.answered)} of ${formatCount(responses.turns)} messages waiting for you (${formatPercent(responses.response_rate)}).`}
              series={[{ key: 'response_rate', label: 'Answered (%)', colour: C[3] }]}
              formatY={(value) => formatPercent(value)}
              formatCell={(value) => formatPercent(value)}
              {...axis}
            />
            <ChartFigure
              title="Median response time"
              summary={
                responses.median_response_minutes === null
                  ? 'No answers to time in these dates.'
                  : `Half of your answers came within ${formatMinutes(responses.median_response_minutes)}.`
              }
              series={[
                { key: 'median_response_minutes', label: 'Median minutes to answer', colour: C[4] },
              ]}
              formatY={formatMinutes}
              formatCell={formatMinutes}
              {...axis}
            />
          </>
        ) : (
          <AdvancedAnalyticsNote />
        )}
        <ChartFigure
          title="Proposals and their outcomes"
          summary={`${formatCount(totals.proposals)} ${proposalWord.toLowerCase()}: ${formatCount(totals.proposals_accepted)} accepted, ${formatCount(totals.proposals_declined)} declined.`}
          kind="bar"
          series={[
            { key: 'proposals', label: proposalWord, colour: C[0] },
            { key: 'proposals_accepted', label: 'Accepted', colour: C[2] },
            { key: 'proposals_declined', label: 'Declined', colour: C[4] },
          ]}
          {...axis}
        />
        <ChartFigure
          title="Appointments booked"
          summary={`${formatCount(totals.bookings)} appointments booked.`}
          kind="bar"
          series={[{ key: 'bookings', label: 'Appointments booked', colour: C[1] }]}
          {...axis}
        />
      </section>
    </>
  );
}

/** /analytics-dashboard: the user's own figures over the dates they choose, counted in the database. */
export function AnalyticsDashboardPage() {
  useChartCode();
  const [range, setRange] = useState<DateRange>(() => defaultAnalyticsRange(new Date()));
  const analytics = useMyAnalytics(range);
  const included = usePlanIncludes('basic_analytics');
  // Show with the same dates counts again: the user may have just done something.
  const show = (next: DateRange) => {
    if (next.from === range.from && next.to === range.to) void analytics.refetch();
    else setRange(next);
  };
  return (
    <Page
      heading="Analytics Dashboard"
      lead="Your profile views, messages, proposals and bookings over time. Days are UTC days."
    >
      {included ? null : <NoAnalyticsNote />}
      <DateRangeForm value={range} onChange={show} maxDays={MAX_DAYS} />
      {analytics.error ? (
        <ErrorText role="alert">
          Your figures could not be loaded: {analytics.error.message}
        </ErrorText>
      ) : null}
      {included && analytics.isPending ? <p role="status">Counting your figures…</p> : null}
      {analytics.data ? <Figures data={analytics.data} /> : null}
    </Page>
  );
}
