import { getSupabaseClient, toAppError, useSession } from '@promatch/shared';
import { hasFeatureAccess } from '@promatch/shared/plans';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { subDays } from 'date-fns';
import { isoDay, type DateRange } from '../../../lib/charts/date-range';

/** One UTC day of the user's own figures, as my_analytics counts them. */
export interface AnalyticsDay {
  day: string;
  profile_views: number;
  search_appearances: number;
  messages_sent: number;
  messages_received: number;
  /** Turns by the other person (their message after one of yours, or opening) that day. */
  conversations_to_answer: number;
  answered: number;
  median_response_minutes: number | null;
  proposals: number;
  proposals_accepted: number;
  proposals_declined: number;
  proposals_withdrawn: number;
  bookings: number;
}

export interface ResponseTotals {
  turns: number;
  answered: number;
  response_rate: number | null;
  median_response_minutes: number | null;
}

export interface MyAnalytics {
  accountType: 'professional' | 'business' | null;
  /**
   * The plan includes advanced analytics (the database decides): the response figures are
   * counted. Without it `responses` is null and each day's response fields are 0 / null.
   */
  advanced: boolean;
  days: AnalyticsDay[];
  responses: ResponseTotals | null;
}

/** The database answers numbers inside JSON; a null median stays null. */
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function getMyAnalytics(range: DateRange): Promise<MyAnalytics> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('my_analytics', {
    p_from: range.from,
    p_to: range.to,
  });
  if (error) throw toAppError(error);
  const body = data as unknown as {
    account_type: MyAnalytics['accountType'];
    advanced?: boolean;
    days: Partial<AnalyticsDay>[];
    responses: ResponseTotals | null;
  };
  const advanced = body.advanced !== false && body.responses !== null;
  return {
    accountType: body.account_type,
    advanced,
    days: body.days.map((day) => ({
      ...(day as AnalyticsDay),
      conversations_to_answer: Number(day.conversations_to_answer ?? 0),
      answered: Number(day.answered ?? 0),
      median_response_minutes: num(day.median_response_minutes),
    })),
    responses:
      advanced && body.responses
        ? {
            turns: Number(body.responses.turns),
            answered: Number(body.responses.answered),
            response_rate: num(body.responses.response_rate),
            median_response_minutes: num(body.responses.median_response_minutes),
          }
        : null,
  };
}

/** The page's first range: the last 30 days, today included. */
export const defaultAnalyticsRange = (today: Date): DateRange => ({
  from: isoDay(subDays(today, 29)),
  to: isoDay(today),
});

export const analyticsKeys = {
  all: ['analytics'] as const,
  range: (userId: string, range: DateRange) =>
    [...analyticsKeys.all, userId, range.from, range.to] as const,
};

/** The signed-in user's figures for the range; the previous range stays shown while a new one loads. */
export function useMyAnalytics(range: DateRange) {
  const userId = useSession((state) => state.user?.id) ?? '';
  const included = useSession((state) =>
    hasFeatureAccess(state.subscription, { feature: 'basic_analytics' }),
  );
  return useQuery({
    queryKey: analyticsKeys.range(userId, range),
    queryFn: () => getMyAnalytics(range),
    enabled: userId !== '' && included,
    placeholderData: keepPreviousData,
  });
}
