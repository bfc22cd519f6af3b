import { getSupabaseClient, toAppError, useSession } from '@promatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { startOfMonth, subMonths } from 'date-fns';
import { isoDay, type DateRange } from '../../../lib/charts/date-range';

export interface InsightsMonth {
  /** The month's first day, yyyy-MM-dd. */
  month: string;
  projects_posted: number;
  hires: number;
  /** Accepted fixed prices, whole pounds. Day- and hour-rate hires have no total to add. */
  spend_committed: number;
  median_days_to_hire: number | null;
  median_day_rate: number | null;
  /** Null with fewer than three day-rate hires in the marketplace that month. */
  market_median_day_rate: number | null;
}

export interface InsightsCategory {
  category: string | null;
  hires: number;
  spend_committed: number;
  median_day_rate: number | null;
  market_median_day_rate: number | null;
}

export interface InsightsHire {
  project_id: string;
  title: string;
  category: string | null;
  budget_type: 'fixed' | 'day' | 'hour';
  rate: number | null;
  professional_name: string | null;
  published_at: string | null;
  hired_at: string;
  days_to_hire: number | null;
}

export interface BusinessInsights {
  months: InsightsMonth[];
  categories: InsightsCategory[];
  hires: InsightsHire[];
  totals: {
    projects_posted: number;
    hires: number;
    spend_committed: number;
    median_days_to_hire: number | null;
  };
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function getBusinessInsights(range: DateRange): Promise<BusinessInsights> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('business_insights', {
    p_from: range.from,
    p_to: range.to,
  });
  if (error) throw toAppError(error);
  const body = data as unknown as BusinessInsights;
  return {
    months: body.months.map((m) => ({
      ...m,
      projects_posted: Number(m.projects_posted),
      hires: Number(m.hires),
      spend_committed: Number(m.spend_committed),
      median_days_to_hire: num(m.median_days_to_hire),
      median_day_rate: num(m.median_day_rate),
      market_median_day_rate: num(m.market_median_day_rate),
    })),
    categories: body.categories.map((c) => ({
      ...c,
      hires: Number(c.hires),
      spend_committed: Number(c.spend_committed),
      median_day_rate: num(c.median_day_rate),
      market_median_day_rate: num(c.market_median_day_rate),
    })),
    hires: body.hires.map((h) => ({ ...h, rate: num(h.rate), days_to_hire: num(h.days_to_hire) })),
    totals: {
      projects_posted: Number(body.totals.projects_posted),
      hires: Number(body.totals.hires),
      spend_committed: Number(body.totals.spend_committed),
      median_days_to_hire: num(body.totals.median_days_to_hire),
    },
  };
}

/** The page's first range: this month and the eleven before it. */
export const defaultInsightsRange = (today: Date): DateRange => ({
  from: isoDay(startOfMonth(subMonths(today, 11))),
  to: isoDay(today),
});

export const insightsKeys = {
  all: ['business-insights'] as const,
  range: (userId: string, range: DateRange) =>
    [...insightsKeys.all, userId, range.from, range.to] as const,
};

/** The business's figures for the range; only asked for when the user is a business. */
export function useBusinessInsights(range: DateRange, enabled: boolean) {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({
    queryKey: insightsKeys.range(userId, range),
    queryFn: () => getBusinessInsights(range),
    enabled: enabled && userId !== '',
    placeholderData: keepPreviousData,
  });
}
