import { format, parseISO } from 'date-fns';

/** A timestamp as staff read it, in en-GB order (24 Nov 2026, 09:05). */
export function formatWhen(value: string | null | undefined): string {
  if (!value) return '—';
  return format(parseISO(value), 'd MMM yyyy, HH:mm');
}
