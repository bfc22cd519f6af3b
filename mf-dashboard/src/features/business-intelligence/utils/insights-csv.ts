import { findServiceCategory } from '@promatch/shared/categories';
import { toCsv } from '../../../lib/charts/csv';
import type { InsightsHire, InsightsMonth } from '../api/get-business-insights';

export const categoryName = (slug: string | null) =>
  slug ? (findServiceCategory(slug)?.name ?? slug) : 'No category';

const RATE_UNIT = { fixed: 'fixed price', day: 'per day', hour: 'per hour' } as const;

/** Every hire in the range, one row each: what a finance team pastes into a spreadsheet. */
export function hiresCsv(hires: readonly InsightsHire[]): string {
  return toCsv(
    [
      'Project',
      'Category',
      'Professional',
      'Rate (GBP)',
      'Rate basis',
      'Published (UTC)',
      'Hired (UTC)',
      'Days to hire',
    ],
    hires.map((h) => [
      h.title,
      categoryName(h.category),
      h.professional_name,
      h.rate,
      RATE_UNIT[h.budget_type],
      h.published_at,
      h.hired_at,
      h.days_to_hire,
    ]),
  );
}

/** The monthly figures, as the charts show them. */
export function monthsCsv(months: readonly InsightsMonth[]): string {
  return toCsv(
    [
      'Month',
      'Projects posted',
      'Hires',
      'Fixed-price spend committed (GBP)',
      'Median days to hire',
      'Your median day rate (GBP)',
      'Marketplace median day rate (GBP)',
    ],
    months.map((m) => [
      m.month.slice(0, 7),
      m.projects_posted,
      m.hires,
      m.spend_committed,
      m.median_days_to_hire,
      m.median_day_rate,
      m.market_median_day_rate,
    ]),
  );
}
