import { format, parseISO } from 'date-fns';

const count = new Intl.NumberFormat('en-GB');

/** 1,234 */
export const formatCount = (value: number) => count.format(value);

/** '24 Nov' for a day on an axis. */
export const formatShortDay = (iso: string) => format(parseISO(iso), 'd MMM');

/** '24 Nov 2026' for a day in a table. */
export const formatLongDay = (iso: string) => format(parseISO(iso), 'd MMM yyyy');

/** 'Nov 2026' for a month (its first day). */
export const formatMonth = (iso: string) => format(parseISO(iso), 'MMM yyyy');

/** A wait in words a person reads at a glance: 12 min, 3.5 h, 2.1 days. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 24 * 60) return `${(minutes / 60).toFixed(1)} h`;
  return `${(minutes / 1440).toFixed(1)} days`;
}

/** '50%' or '—' when there was nothing to count. */
export const formatPercent = (value: number | null) =>
  value === null ? '—' : `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
