import { formatGbp } from '@promatch/shared/money';
/** 'Ada Lovelace King' -> 'AL': first letters of up to 2 words, upper-case. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** '£45–£80/hr', '£45/hr', or 'Rate on request'. Rates are whole pounds per hour. */
export function formatRateRange(min: number | null, max: number | null): string {
  if (min === null && max === null) return 'Rate on request';
  if (min === null || max === null || min === max) return `${formatGbp((min ?? max)!)}/hr`;
  return `${formatGbp(min)}–${formatGbp(max)}/hr`;
}

export const AVAILABILITY_LABEL = {
  available: 'Available now',
  busy: 'Busy: limited availability',
  unavailable: 'Not taking new work',
} as const;
