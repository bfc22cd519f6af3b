import { PERSONAS, type Persona } from './category-profiles.ts';
import { createRng, type Rng } from './prng.ts';
import {
  BUSINESS_NAMES,
  TOWNS,
  TOWN_WEIGHT_TOTAL,
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
  /** Open to remote work as well as on site in and around their town. */
  worksRemotely: boolean;
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
const roundTo5 = (value: number) => Math.round(value / 5) * 5;

interface Level {
  name: 'junior' | 'mid' | 'senior' | 'lead';
  years: readonly [number, number];
  /** Multiplies the persona's mid-level rate band. */
  rateFactor: number;
  prefix: string;
}

const LEVELS: readonly (Level & { share: number })[] = [
  { name: 'junior', years: [1, 2], rateFactor: 0.7, prefix: 'Junior ', share: 0.12 },
  { name: 'mid', years: [3, 6], rateFactor: 1, prefix: '', share: 0.38 },
  { name: 'senior', years: [7, 14], rateFactor: 1.25, prefix: 'Senior ', share: 0.35 },
  { name: 'lead', years: [15, 25], rateFactor: 1.45, prefix: 'Lead ', share: 0.15 },
];

function pickLevel(rng: Rng): Level {
  let roll = rng.next();
  for (const level of LEVELS) {
    roll -= level.share;
    if (roll < 0) return level;
  }
  return LEVELS[1];
}

/** "Senior React Developer"; titles that carry a rank of their own ("Fractional CTO") stay as they are. */
function titleFor(base: string, level: Level): string {
  if (/cto|\blead\b|^senior|coach|owner|head/i.test(base)) return base;
  return `${level.prefix}${base}`;
}

function pickSome<T>(rng: Rng, pool: readonly T[], count: number): T[] {
  const rest = [...pool];
  const chosen: T[] = [];
  while (chosen.length < count && rest.length > 0)
    chosen.push(rest.splice(rng.int(0, rest.length - 1), 1)[0]);
  return chosen;
}

function weightedTown(rng: Rng): string {
  let roll = rng.next() * TOWN_WEIGHT_TOTAL;
  for (const [town, weight] of TOWNS) {
    roll -= weight;
    if (roll < 0) return town;
  }
  return TOWNS[0][0];
}

function aboutText(p: {
  title: string;
  town: string;
  years: number;
  persona: Persona;
  skills: string[];
  sectors: string[];
  remote: boolean;
  rng: Rng;
}): string {
  const [first, second] = pickSome(p.rng, p.persona.work, 2);
  const sector =
    p.sectors[0] === p.sectors[1] ? p.sectors[0] : `${p.sectors[0]} and ${p.sectors[1]}`;
  return (
    `${p.title} based in ${p.town} with ${p.years} ${p.years === 1 ? 'year' : 'years'} of experience, mostly in ${sector}. ` +
    `I ${p.rng.pick(p.persona.does)}. Recent work: ${first}${second ? ` and ${second}` : ''}. ` +
    `I work with ${p.skills.slice(0, -1).join(', ')} and ${p.skills[p.skills.length - 1]}. ` +
    (p.remote
      ? `Happy to work remotely across the UK, or on site in and around ${p.town}.`
      : `I work on site with clients in and around ${p.town}.`)
  );
}

function professional(rng: Rng, index: number): DemoProfessional {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const persona = rng.pick(PERSONAS);
  const level = pickLevel(rng);
  const years = rng.int(level.years[0], level.years[1]);
  const title = titleFor(rng.pick(persona.titles), level);
  const skills = [...persona.core, ...pickSome(rng, persona.extra, rng.int(1, 3))];
  const [low, high] = persona.rate;
  const rateMin = Math.max(
    15,
    roundTo5(rng.int(low, Math.round((low + high) / 2)) * level.rateFactor),
  );
  const rateMax = rateMin + rng.int(1, 4) * 5;
  const location = weightedTown(rng);
  const remote = rng.chance(0.8);
  const sectors = [rng.pick(SECTORS), rng.pick(SECTORS)];
  return {
    id: rng.uuid(),
    email: `${slugify(first)}.${slugify(last)}.${index}@demo.promatch.local`,
    name: `${first} ${last}`,
    accountType: 'professional',
    title,
    location,
    worksRemotely: remote,
    skills,
    // a secondary category only where the persona genuinely spans two
    categories:
      persona.categories.length > 1 && rng.chance(0.6)
        ? [...persona.categories]
        : [persona.categories[0]],
    rateMin,
    rateMax,
    description: aboutText({ title, town: location, years, persona, skills, sectors, remote, rng }),
    verified: rng.chance(0.7),
    responseTime: rng.pick(RESPONSE_TIMES),
    completionRate: rng.int(82, 100),
    availability: rng.chance(0.65) ? 'available' : rng.chance(0.7) ? 'busy' : 'unavailable',
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
