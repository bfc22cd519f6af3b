import { z } from './zod';
import { NAME_MIN_LENGTH } from './auth';

/*
 * The profile form's rules and messages, matching the profiles table's checks (lengths, at most
 * 50 skills, whole pounds with min <= max), so the browser refuses what the database would.
 * Imports zod only, so a Deno function can import it by relative path.
 */
export const PROFILE_MESSAGES = {
  nameRequired: 'Name is required',
  nameShort: 'Name must be at least 2 characters',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  tooManySkills: 'Please list at most 50 skills',
  rateWhole: 'Enter a whole number of pounds',
  rateOrder: 'The minimum rate cannot be above the maximum',
  noUser: 'No user logged in',
  saved: 'Profile updated successfully',
} as const;

export const AVAILABILITY_OPTIONS = [
  { value: 'available', label: 'Available for work' },
  { value: 'busy', label: 'Busy: open to enquiries' },
  { value: 'unavailable', label: 'Not available' },
] as const;
export type Availability = (typeof AVAILABILITY_OPTIONS)[number]['value'];

const optionalText = (max: number) => z.string().trim().max(max, PROFILE_MESSAGES.tooLong(max));

/** '' means "no rate"; otherwise whole pounds from 0 to 100,000 an hour. */
const rateField = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{1,6}$/.test(value), PROFILE_MESSAGES.rateWhole);

/** Skills typed as one comma-separated line: trimmed, blanks and repeats (any case) dropped. */
export function parseSkills(text: string): string[] {
  const seen = new Set<string>();
  const skills: string[] = [];
  for (const raw of text.split(',')) {
    const skill = raw.trim().slice(0, 60);
    if (skill && !seen.has(skill.toLowerCase())) {
      seen.add(skill.toLowerCase());
      skills.push(skill);
    }
  }
  return skills;
}

export const profileFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: PROFILE_MESSAGES.nameRequired, abort: true })
      .min(NAME_MIN_LENGTH, PROFILE_MESSAGES.nameShort)
      .max(200, PROFILE_MESSAGES.tooLong(200)),
    title: optionalText(200),
    description: optionalText(5000),
    location: optionalText(200),
    categories: z.array(z.string()),
    skills: z
      .string()
      .refine((text) => parseSkills(text).length <= 50, PROFILE_MESSAGES.tooManySkills),
    hourlyRateMin: rateField,
    hourlyRateMax: rateField,
    availability: z.enum(['available', 'busy', 'unavailable']),
  })
  .refine(
    ({ hourlyRateMin, hourlyRateMax }) =>
      hourlyRateMin === '' ||
      hourlyRateMax === '' ||
      Number(hourlyRateMin) <= Number(hourlyRateMax),
    { path: ['hourlyRateMax'], error: PROFILE_MESSAGES.rateOrder },
  );
export type ProfileFormValues = z.infer<typeof profileFormSchema>;
