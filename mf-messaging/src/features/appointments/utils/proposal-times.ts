import { londonToUtc } from './london-time';

export interface TimeRow {
  date: string;
  time: string;
}

/**
 * Turns the UK date/time rows of the booking form into instants, or the first problem in words
 * the person can act on.
 */
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function rowsToTimes(rows: TimeRow[], now: number): { times: string[] } | { error: string } {
  const times: string[] = [];
  for (const [index, row] of rows.entries()) {
    const which = rows.length > 1 ? `Time ${index + 1}: ` : '';
    const say = (text: string) => ({ error: which ? which + text : capitalise(text) });
    if (!row.date || !row.time) return say('enter a date and a time.');
    const instant = londonToUtc(row.date, row.time);
    if (!instant)
      return say(`${row.date} ${row.time} does not exist in UK time (the clocks go forward then).`);
    if (instant.getTime() <= now) return say('choose a time in the future.');
    times.push(instant.toISOString());
  }
  if (new Set(times).size !== times.length) return { error: 'The same time is proposed twice.' };
  return { times };
}
