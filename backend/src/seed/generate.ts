import { CATEGORY_PROFILES, type CategoryProfile } from './category-profiles.ts';
import { createRng, type Rng } from './prng.ts';
import {
  BUSINESS_NAMES,
  CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  RESPONSE_TIMES,
  REVIEW_COMMENTS,
  SECTORS,
} from './uk-data.ts';

/** The fixed seed: the same command always creates the same people with the same ids. */
export const DEFAULT_SEED = 20261122;

export interface DemoUser {
  id: string;
  email: string;
  name: string;
  accountType: 'professional' | 'business';
}

export interface DemoProfessional extends DemoUser {
  title: string;
  description: string;
  location: string;
  skills: string[];
  categories: string[];
  rateMin: number;
  rateMax: number;
  verified: boolean;
  responseTime: string;
  completionRate: number;
  availability: 'available' | 'busy' | 'unavailable';
}

export interface DemoBusiness extends DemoUser {
  company: string;
  industry: string;
}

export interface DemoReview {
  professionalId: string;
  reviewerId: string;
  rating: number;
  comment: string;
  daysAgo: number;
}

export interface DemoData {
  professionals: DemoProfessional[];
  businesses: DemoBusiness[];
  reviews: DemoReview[];
}

const slugify = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, '');

function pickSkills(rng: Rng, primary: CategoryProfile, secondary?: CategoryProfile): string[] {
  const pool = [...primary.skills];
  const skills: string[] = [];
  const count = rng.int(4, 6);
  while (skills.length < count && pool.length > 0)
    skills.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]);
  if (secondary) skills.push(rng.pick(secondary.skills));
  return [...new Set(skills)];
}

function professional(rng: Rng, index: number): DemoProfessional {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const primary = rng.pick(CATEGORY_PROFILES);
  const secondary = rng.chance(0.35) ? rng.pick(CATEGORY_PROFILES) : undefined;
  const title = rng.pick(primary.titles);
  const years = rng.int(3, 22);
  const sectors = [rng.pick(SECTORS), rng.pick(SECTORS)];
  const skills = pickSkills(rng, primary, secondary);
  const rateMin = Math.round((primary.rate[0] + rng.int(0, 25)) / 5) * 5;
  const location = rng.pick(CITIES);
  return {
    id: rng.uuid(),
    email: `${slugify(first)}.${slugify(last)}.${index}@demo.promatch.local`,
    name: `${first} ${last}`,
    accountType: 'professional',
    title,
    location,
    skills,
    categories: [...new Set([primary.slug, ...(secondary ? [secondary.slug] : [])])],
    rateMin,
    rateMax: Math.min(rateMin + rng.int(2, 8) * 5, primary.rate[1] + 30),
    description:
      `${title} based in ${location} with ${years} years of experience, mostly in ${sectors[0]}` +
      `${sectors[1] !== sectors[0] ? ` and ${sectors[1]}` : ''}. ` +
      `I work with ${skills.slice(0, 3).join(', ')} and help teams ship reliable work without drama. ` +
      `Available for remote work across the UK and on-site in ${location}.`,
    verified: rng.chance(0.7),
    responseTime: rng.pick(RESPONSE_TIMES),
    completionRate: rng.int(86, 100),
    availability: rng.chance(0.7) ? 'available' : rng.chance(0.7) ? 'busy' : 'unavailable',
  };
}

function business(rng: Rng, index: number): DemoBusiness {
  const base = BUSINESS_NAMES[index % BUSINESS_NAMES.length];
  const company = index < BUSINESS_NAMES.length ? `${base} Ltd` : `${base} ${index} Ltd`;
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  return {
    id: rng.uuid(),
    email: `${slugify(first)}.${slugify(last)}.b${index}@demo.promatch.local`,
    name: `${first} ${last}`,
    accountType: 'business',
    company,
    industry: rng.pick(SECTORS),
  };
}

function reviewsFor(rng: Rng, pro: DemoProfessional, businesses: DemoBusiness[]): DemoReview[] {
  const count = Math.min(rng.int(0, 7), businesses.length);
  const start = rng.int(0, businesses.length - 1);
  return Array.from({ length: count }, (_, offset) => ({
    professionalId: pro.id,
    reviewerId: businesses[(start + offset) % businesses.length].id,
    // skewed towards good reviews, as on any marketplace, but not all fives
    rating: rng.chance(0.55) ? 5 : rng.chance(0.75) ? 4 : rng.int(2, 3),
    comment: rng.pick(REVIEW_COMMENTS),
    daysAgo: rng.int(3, 700),
  }));
}

/** Deterministic demo data: N professionals, about one business per ten (at least 20). */
export function generateDemoData(professionalCount: number, seed = DEFAULT_SEED): DemoData {
  // one stream per kind, so a larger set starts with exactly the people of a smaller one
  const businessRng = createRng(seed);
  const professionalRng = createRng(seed + 1);
  const reviewRng = createRng(seed + 2);
  const businesses = Array.from(
    { length: Math.max(20, Math.ceil(professionalCount / 10)) },
    (_, i) => business(businessRng, i),
  );
  const professionals = Array.from({ length: professionalCount }, (_, i) =>
    professional(professionalRng, i),
  );
  const reviews = professionals.flatMap((pro) =>
    reviewsFor(reviewRng, pro, businesses.slice(0, 20)),
  );
  return { professionals, businesses, reviews };
}
