import { format } from 'date-fns';
import { formatGbp } from '@promatch/shared/money';

/** A budget or rate range in pounds; 'Budget not set' when neither end is known. */
export function formatGbpRange(min: number | null, max: number | null, unit = ''): string {
  if (min === null && max === null) return 'Budget not set';
  if (min === null || max === null || min === max) return `${formatGbp((min ?? max)!)}${unit}`;
  return `${formatGbp(min)}–${formatGbp(max)}${unit}`;
}

/** 'Tue 24 Nov, 14:30' in the user's local time. */
export const formatWhen = (iso: string) => format(new Date(iso), 'EEE d MMM, HH:mm');

/** '24 Nov 2026'. */
export const formatDay = (iso: string) => format(new Date(iso), 'd MMM yyyy');

const bytes = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** File sizes as people read them: 512 bytes, 12.5 KB, 3.2 MB, 1.1 GB (1 KB = 1,024 bytes). */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${bytes.format(value)} ${units[unit]}`;
}
