import type { BudgetUnit, ParsedBudget } from './types';

/** Hours in a working day and working days in a month, for comparing day and month rates. */
export const HOURS_PER_DAY = 7.5;
export const DAYS_PER_MONTH = 20;

const AMOUNT = String.raw`(?<![A-Za-z0-9.])£?\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|K|grand)?`;
const UNIT = String.raw`(?:\s?(?:/|per|an?|p\.?|each)\s?(hour|hr|h|day|d|month|mo|pcm|week|wk)\b|\s?(ph|pd|p/h|p/d|pw)\b|\s?(?:day|daily|hourly)\s?rate)?`;
const FIXED =
  /\b(fixed|fixed[- ]price|total|in total|all in|overall|for the (?:whole |entire )?(?:job|project)|one[- ]off)\b/i;
const APPROX = /\b(about|around|roughly|approx(?:imately)?|circa|c\.|ish|or so|give or take)\b/i;
const BUDGET_WORD =
  /\b(budget|spend|pay|paying|rate|afford|cost|price|costs|max(?:imum)?|up to|under|no more than|less than)\b/i;

const amountPattern = new RegExp(
  String.raw`(?:${AMOUNT})(?:\s?(?:-|–|to)\s?(?:${AMOUNT}))?${UNIT}`,
  'g',
);

function toNumber(digits: string, suffix: string | undefined): number {
  const value = Number.parseFloat(digits.replace(/,/g, ''));
  return suffix ? value * 1000 : value;
}

function unitOf(word: string | undefined): BudgetUnit | 'week' | undefined {
  if (!word) return undefined;
  const w = word.toLowerCase();
  if (['hour', 'hr', 'h', 'ph', 'p/h', 'hourly'].includes(w)) return 'hour';
  if (['day', 'd', 'pd', 'p/d', 'daily'].includes(w)) return 'day';
  if (['month', 'mo', 'pcm'].includes(w)) return 'month';
  if (['week', 'wk', 'pw'].includes(w)) return 'week';
  return undefined;
}

/**
 * "£500/day", "£60 an hour", "around 10k fixed", "£400-£450 p/d", "budget of £3,000": the first
 * amount written as money (a £ sign, a k suffix, or a rate unit). Week rates become day rates.
 */
export function parseBudget(text: string): ParsedBudget | undefined {
  for (const match of text.matchAll(amountPattern)) {
    const [written, d1, k1, d2, k2, unitWord, unitShort] = match;
    const rateWord = /(day|daily|hourly)\s?rate/i.exec(written)?.[1];
    let unit = unitOf(unitWord ?? unitShort ?? rateWord);
    const hasPound = written.includes('£');
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    const after = text.slice(match.index + written.length, match.index + written.length + 30);
    const moneyContext = hasPound || Boolean(k1 || k2) || BUDGET_WORD.test(before);
    if (!moneyContext && !unit) continue;
    // "3 month contract", "2 days a week" are timelines, not money
    if (!hasPound && !k1 && !k2 && !BUDGET_WORD.test(before)) continue;
    let amount = toNumber(d2 ?? d1, d2 ? k2 : (k1 ?? k2));
    if (!Number.isFinite(amount) || amount <= 0) continue;
    if (unit === 'week') {
      amount = Math.round(amount / 5);
      unit = 'day';
    }
    // no unit written: a fixed price when said, else judged by size (£60 is hourly, £450 daily)
    const finalUnit: BudgetUnit =
      unit ??
      (FIXED.test(after) || FIXED.test(before) || amount >= 1500
        ? 'fixed'
        : amount >= 150
          ? 'day'
          : 'hour');
    const hourly =
      finalUnit === 'hour'
        ? amount
        : finalUnit === 'day'
          ? Math.round(amount / HOURS_PER_DAY)
          : finalUnit === 'month'
            ? Math.round(amount / DAYS_PER_MONTH / HOURS_PER_DAY)
            : undefined;
    return {
      amount: Math.round(amount),
      unit: finalUnit,
      approximate: APPROX.test(before.slice(-20)) || /^\s?(ish|or so)\b/i.test(after),
      hourly,
      text: written.trim(),
    };
  }
  return undefined;
}

const GBP = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** "about £450/day", "£10,000 fixed", "£60/hour". */
export function describeBudget(budget: ParsedBudget): string {
  const money = GBP.format(budget.amount);
  const suffix = budget.unit === 'fixed' ? ' fixed' : `/${budget.unit}`;
  return `${budget.approximate ? 'about ' : 'up to '}${money}${suffix}`;
}
