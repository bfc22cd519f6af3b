/** Appointments are shown and chosen in UK time, whatever the browser's own time zone. */
export const UK_TIME_ZONE = 'Europe/London';

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The UK wall-clock reading of an instant, as numbers. */
function londonParts(instant: number) {
  const parts = Object.fromEntries(
    partsFormatter.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** Minutes the UK is ahead of UTC at an instant: 0 in winter (GMT), 60 in summer (BST). */
export function londonOffsetMinutes(instant: number): number {
  const p = londonParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant a UK date ("2026-03-29") and time ("14:30") name, daylight saving included. null
 * when the time does not exist (the hour skipped when clocks go forward) or the input is malformed;
 * in the repeated hour when clocks go back, the first (BST) reading is meant.
 */
export function londonToUtc(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Try the summer offset first so the repeated autumn hour resolves to its first occurrence.
  for (const offset of [60, 0]) {
    const candidate = wall - offset * 60_000;
    if (londonOffsetMinutes(candidate) === offset) {
      const back = londonParts(candidate);
      if (back.hour === hour && back.minute === minute && back.day === day)
        return new Date(candidate);
    }
  }
  return null;
}

const displayFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** "Thu 26 Nov 2026, 14:30 GMT" (BST in summer): always UK time, with its zone named. */
export function formatLondon(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const p = Object.fromEntries(displayFormatter.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** The UK date and time fields ("2026-11-26", "14:30") of an instant, for form defaults. */
export function londonFields(instant: Date): { date: string; time: string } {
  const p = londonParts(instant.getTime());
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(p.hour)}:${pad(p.minute)}`,
  };
}
