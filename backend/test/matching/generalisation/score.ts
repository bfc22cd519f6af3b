/**
 * Generalisation evaluation: descriptions written as people write them (long and short, need
 * first and need last, context words, misspellings, UK phrasing), labelled with categories, the
 * skills as the writer put them ("pen test", "dockerise", "load testing") and a town. Only this
 * scorer maps those words to the product's skills (skill-words.json: any one of the listed
 * product skills counts), so the labels do not borrow the parser's lexicon.
 *
 * The set is split in two. `development` is what matching may be tuned against; `held-out` is
 * not read while tuning and is what the guard in `npm test` measures.
 *
 * - category precision@5: share of the top five whose categories include an expected one.
 * - skills recall@10: share of the labelled skills listed by at least one of the top ten.
 * - nDCG@10: graded gain per result (1 for the category, up to 1 for the share of labelled
 *   skills it lists, 1 in the labelled town or 0.5 elsewhere in its region), divided by the best
 *   ordering of the engine's top 50 for the same request.
 * - town fit@5: share of the top five based in the labelled town, over the descriptions whose
 *   town has at least five professionals of an expected category in the seeded marketplace.
 */
import { findPlace, parseRequest, toMatchArgs, type MatchArgs } from '@promatch/shared/matching';
import { generateDemoData } from '../../../src/seed/generate.ts';
import descriptions from './descriptions.json';
import skillWords from './skill-words.json';

export type Split = 'development' | 'held-out';

export interface Description {
  split: Split;
  text: string;
  categories: string[];
  /** The skills as the writer put them; skill-words.json maps each to product skills. */
  skills: string[];
  town: string | null;
}

interface Item {
  categories: string[];
  skills: string[];
  location: string | null;
}
export type MatchCall = (args: MatchArgs) => Promise<{ items: Item[] }>;

export interface GeneralisationReport {
  cases: number;
  categoryPrecisionAt5: number;
  skillsRecallAt10: number;
  ndcgAt10: number;
  townFitAt5: number;
  /** How many descriptions town fit@5 was measured on. */
  townCases: number;
  /** Descriptions weak on one measure, to read when tuning (development split only). */
  weakest: { text: string; precision: number; recall: number; townFit: number | null }[];
}

export const DESCRIPTIONS: readonly Description[] = descriptions as Description[];
const SKILL_WORDS = skillWords as Record<string, string[]>;

export function descriptionsOf(split: Split): Description[] {
  return DESCRIPTIONS.filter((d) => d.split === split);
}

/** Product skills acceptable for each labelled skill (unknown words throw: fix the map). */
export function productSkills(label: string): string[] {
  const skills = SKILL_WORDS[label.toLowerCase()];
  if (!skills) throw new Error(`skill-words.json has no entry for "${label}"`);
  return skills;
}

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

const townOf = (location: string | null) => (location ?? '').split(',')[0].trim().toLowerCase();

/** Professionals per town and category in the seeded marketplace of `professionals` people. */
export function townCounts(professionals: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const pro of generateDemoData(professionals).professionals) {
    for (const category of pro.categories) {
      const key = `${townOf(pro.location)}|${category}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

function townEligible(d: Description, counts: Map<string, number>): boolean {
  if (!d.town) return false;
  const town = d.town.toLowerCase();
  // a professional counts once even when two expected categories are theirs: use the larger
  return Math.max(...d.categories.map((c) => counts.get(`${town}|${c}`) ?? 0)) >= 5;
}

function gain(item: Item, d: Description): number {
  const category = item.categories.some((slug) => d.categories.includes(slug)) ? 1 : 0;
  const skills =
    d.skills.length === 0
      ? 0
      : d.skills.filter((label) => productSkills(label).some((s) => item.skills.includes(s)))
          .length / d.skills.length;
  let place = 0;
  const wanted = d.town ? findPlace(d.town) : undefined;
  if (wanted && item.location) {
    const town = townOf(item.location);
    if (wanted.towns.some((t) => t.toLowerCase() === town)) place = 1;
    else if (wanted.nearby.some((t) => t.toLowerCase() === town)) place = 0.5;
  }
  return category + skills + place;
}

const dcg = (gains: number[]) =>
  gains.slice(0, 10).reduce((sum, g, index) => sum + g / Math.log2(index + 2), 0);

export async function evaluateGeneralisation(
  call: MatchCall,
  cases: readonly Description[],
  professionals: number,
): Promise<GeneralisationReport> {
  const counts = townCounts(professionals);
  const precision: number[] = [];
  const recall: number[] = [];
  const ndcg: number[] = [];
  const townFit: number[] = [];
  const weakest: GeneralisationReport['weakest'] = [];
  for (const d of cases) {
    const { items } = await call(toMatchArgs(parseRequest(d.text), 50));
    const top5 = items.slice(0, 5);
    const p =
      top5.length === 0
        ? 0
        : top5.filter((item) => item.categories.some((c) => d.categories.includes(c))).length /
          top5.length;
    precision.push(p);
    let r = 1;
    if (d.skills.length > 0) {
      const listed = new Set(items.slice(0, 10).flatMap((item) => item.skills));
      r =
        d.skills.filter((label) => productSkills(label).some((s) => listed.has(s))).length /
        d.skills.length;
      recall.push(r);
    }
    let t: number | null = null;
    if (townEligible(d, counts)) {
      const town = (d.town ?? '').toLowerCase();
      t = top5.length === 0 ? 0 : top5.filter((i) => townOf(i.location) === town).length / 5;
      townFit.push(t);
    }
    const gains = items.map((item) => gain(item, d));
    const ideal = dcg([...gains].sort((a, b) => b - a));
    ndcg.push(ideal === 0 ? 0 : dcg(gains) / ideal);
    if (d.split === 'development' && (p < 0.6 || r < 1 || (t !== null && t < 0.6)))
      weakest.push({ text: d.text, precision: p, recall: r, townFit: t });
  }
  return {
    cases: cases.length,
    categoryPrecisionAt5: mean(precision),
    skillsRecallAt10: mean(recall),
    ndcgAt10: mean(ndcg),
    townFitAt5: mean(townFit),
    townCases: townFit.length,
    weakest,
  };
}
