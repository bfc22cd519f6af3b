import type { MyProfile } from '../../../lib/my-profile/get-my-profile';

/** A short bio says little to a business; this many characters reads as a real introduction. */
export const BIO_MIN_LENGTH = 100;
export const SKILLS_MIN = 3;

const CHECKS: { label: string; done(profile: MyProfile): boolean }[] = [
  { label: 'Add a profile photo', done: (p) => Boolean(p.avatar_url) },
  { label: 'Add a professional title', done: (p) => Boolean(p.title?.trim()) },
  {
    label: `Write a bio of at least ${BIO_MIN_LENGTH} characters`,
    done: (p) => (p.description?.trim().length ?? 0) >= BIO_MIN_LENGTH,
  },
  { label: 'Add your location', done: (p) => Boolean(p.location?.trim()) },
  { label: 'Choose at least one category', done: (p) => p.categories.length > 0 },
  { label: `List at least ${SKILLS_MIN} skills`, done: (p) => p.skills.length >= SKILLS_MIN },
  {
    label: 'Set your hourly rate',
    done: (p) => p.hourly_rate_min !== null || p.hourly_rate_max !== null,
  },
];

export interface Completeness {
  percent: number;
  missing: string[];
}

/** How complete a professional's public profile is, and what is still missing, in order. */
export function profileCompleteness(profile: MyProfile): Completeness {
  const missing = CHECKS.filter((check) => !check.done(profile)).map((check) => check.label);
  const percent = Math.round(((CHECKS.length - missing.length) / CHECKS.length) * 100);
  return { percent, missing };
}
