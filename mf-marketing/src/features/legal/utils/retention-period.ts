import type { RetentionPolicy } from '../api/get-retention';

/** "24 months, then deleted"; a row without a period shows its note alone. */
export function retentionPeriodText(
  policy: Pick<RetentionPolicy, 'period_count' | 'period_unit' | 'note'>,
): string {
  if (policy.period_count === null || policy.period_unit === null) return policy.note;
  const unit = policy.period_count === 1 ? policy.period_unit : `${policy.period_unit}s`;
  return `${policy.period_count} ${unit}, ${policy.note}`;
}
