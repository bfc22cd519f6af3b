/**
 * The month a plan's usage counts in: the first day of the current month in UTC, as
 * `subscription_usage.period` stores it (track_usage starts a new row each calendar month).
 */
export const currentUsagePeriod = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
