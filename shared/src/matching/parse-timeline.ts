import type { ParsedTimeline } from './types';

const WORD_NUMBERS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  couple: 2,
  few: 3,
};
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const DURATION =
  /\b(\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple of|few)[ -](day|week|month|year)s?\b(?![ -]?(?:rate|budget))/i;
const START_PATTERNS: readonly [RegExp, string][] = [
  [
    /\b(asap|as soon as possible|immediately|immediate start|urgent(?:ly)?|right away|straight away|this week)\b/i,
    'asap',
  ],
  [/\b(next week|within a week|in a week)\b/i, 'next week'],
  [
    /\b(next month|within a month|in a month|in a few weeks|in two weeks|in 2 weeks)\b/i,
    'next month',
  ],
];

/** "start next week", "3 month contract", "ASAP", "from March for six weeks". */
export function parseTimeline(text: string): ParsedTimeline | undefined {
  let start: string | undefined;
  const parts: string[] = [];
  for (const [pattern, label] of START_PATTERNS) {
    const hit = pattern.exec(text);
    if (hit) {
      start = label;
      parts.push(hit[0]);
      break;
    }
  }
  if (!start) {
    const month = new RegExp(
      `\\b(?:from|in|start(?:ing)?(?: in)?|by)\\s+(${MONTHS.join('|')})\\b`,
      'i',
    ).exec(text);
    if (month) {
      start = month[1][0].toUpperCase() + month[1].slice(1).toLowerCase();
      parts.push(month[0]);
    }
  }
  let weeks: number | undefined;
  let length: string | undefined;
  const duration = DURATION.exec(text);
  // "2 days a week" is a working pattern, not a length
  if (duration && !/^\s*(?:a|per)\s+week/i.test(text.slice(duration.index + duration[0].length))) {
    const raw = duration[1].toLowerCase().replace(/ of$/, '');
    const count = WORD_NUMBERS[raw] ?? Number.parseInt(raw, 10);
    const unit = duration[2].toLowerCase();
    const factor = unit === 'day' ? 1 / 5 : unit === 'week' ? 1 : unit === 'month' ? 4.33 : 52;
    weeks = Math.max(1, Math.round(count * factor));
    length = `${duration[1].replace(/^an?$/i, '1')} ${unit}${count === 1 ? '' : 's'}`;
    parts.push(duration[0]);
  } else if (/\b(long[- ]term|ongoing|permanent basis|retainer)\b/i.test(text)) {
    weeks = 26;
    length = 'long-term';
    parts.push('long-term');
  }
  if (start === undefined && weeks === undefined) return undefined;
  return { start, weeks, duration: length, text: parts.join(', ') };
}

/** "start ASAP, 3 months". */
export function describeTimeline(timeline: ParsedTimeline): string {
  const pieces: string[] = [];
  if (timeline.start)
    pieces.push(timeline.start === 'asap' ? 'start ASAP' : `start ${timeline.start}`);
  if (timeline.duration) pieces.push(timeline.duration);
  return pieces.join(', ');
}
