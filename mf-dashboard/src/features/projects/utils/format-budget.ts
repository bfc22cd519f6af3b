import { formatGbp } from '@promatch/shared/money';
export type BudgetType = 'fixed' | 'day' | 'hour';

const UNIT: Record<BudgetType, string> = { fixed: ' fixed price', day: ' a day', hour: ' an hour' };

export const BUDGET_TYPE_LABELS: Record<BudgetType, string> = {
  fixed: 'Fixed price',
  day: 'Day rate',
  hour: 'Hourly rate',
};

export const isBudgetType = (value: string): value is BudgetType =>
  value === 'fixed' || value === 'day' || value === 'hour';

/** '£5,000–£8,000 fixed price', '£450 a day', 'up to £60 an hour', or 'Budget to be agreed'. */
export function formatBudget(type: string, min: number | null, max: number | null): string {
  const unit = UNIT[isBudgetType(type) ? type : 'fixed'];
  if (min === null && max === null) return 'Budget to be agreed';
  if (min === null) return `up to ${formatGbp(max!)}${unit}`;
  if (max === null) return `from ${formatGbp(min)}${unit}`;
  if (min === max) return `${formatGbp(min)}${unit}`;
  return `${formatGbp(min)}–${formatGbp(max)}${unit}`;
}

/** A proposal's rate in the project's unit: '£500 a day'. */
export const formatRate = (type: string, rate: number | null) =>
  rate === null
    ? 'Rate not given'
    : `${formatGbp(rate)}${UNIT[isBudgetType(type) ? type : 'fixed']}`;
