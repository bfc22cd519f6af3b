const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** An amount in pence as pounds: 123400 → "£1,234.00". */
export const formatPence = (pence: number) => gbp.format(pence / 100);

/** The platform fee on an amount, as the database rounds it (half away from zero, whole pence). */
export const feePence = (amountPence: number, feeRate: number) =>
  Math.round((amountPence * Math.round(feeRate * 100)) / 10_000);

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
export const formatDay = (iso: string) => day.format(new Date(iso));

/**
 * Days a funded milestone waits for approval before it is refunded automatically: the database's
 * public.milestone_approval_window(), which sets each milestone's auto_refund_at.
 */
export const APPROVAL_WINDOW_DAYS = 30;
