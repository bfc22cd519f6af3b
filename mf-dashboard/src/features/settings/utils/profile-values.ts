import { parseSkills, type ProfileFormValues } from '@promatch/shared/validation';
import type { MyProfile } from '../../../lib/my-profile/get-my-profile';
import type { ProfileChanges } from '../api/update-profile';

/** The form's view of a profile row: text for every input, '' where the row has nothing. */
export function toFormValues(profile: MyProfile): ProfileFormValues {
  return {
    name: profile.name,
    title: profile.title ?? '',
    description: profile.description ?? '',
    location: profile.location ?? '',
    categories: [...profile.categories],
    skills: profile.skills.join(', '),
    hourlyRateMin: profile.hourly_rate_min === null ? '' : String(profile.hourly_rate_min),
    hourlyRateMax: profile.hourly_rate_max === null ? '' : String(profile.hourly_rate_max),
    availability: profile.availability as ProfileFormValues['availability'],
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());
const rate = (value: string) => (value.trim() === '' ? null : Number(value));
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** The columns whose value differs from the stored row: the update sends only those. */
export function toProfileChanges(profile: MyProfile, values: ProfileFormValues): ProfileChanges {
  const next: Required<Omit<ProfileChanges, 'avatar_url'>> = {
    name: values.name.trim(),
    title: text(values.title),
    description: text(values.description),
    location: text(values.location),
    categories: sorted(values.categories),
    skills: parseSkills(values.skills),
    hourly_rate_min: rate(values.hourlyRateMin),
    hourly_rate_max: rate(values.hourlyRateMax),
    availability: values.availability,
  };
  const changes: ProfileChanges = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    const before = profile[key];
    const after = next[key];
    const same =
      Array.isArray(before) && Array.isArray(after)
        ? sameList(key === 'categories' ? sorted(before) : before, after)
        : before === after;
    if (!same) Object.assign(changes, { [key]: after });
  }
  return changes;
}

function sorted(list: readonly string[]): string[] {
  return [...list].sort();
}
