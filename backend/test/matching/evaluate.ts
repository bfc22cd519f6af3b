/**
 * Matching quality over the labelled evaluation set (eval-set.json): each description is parsed
 * and matched exactly as the /ai-matching page does, then scored against its labels.
 *
 * - category precision@5: share of the top five whose categories include an expected one.
 * - skills recall@10: share of the expected skills listed by at least one of the top ten
 *   (descriptions labelled with no skills are left out of this average).
 * - nDCG@10: graded gain per result (1 for the category, up to 1 for the share of expected
 *   skills it lists, 1 in the expected place or 0.5 in its region), discounted by rank and
 *   divided by the best ordering of the engine's top 50 for the same request.
 */
import { findPlace, parseRequest, toMatchArgs, type MatchArgs } from '@promatch/shared/matching';
import evalSet from './eval-set.json';

export interface EvalCase {
  text: string;
  categories: string[];
  skills: string[];
  location: string | null;
}
interface Item {
  categories: string[];
  skills: string[];
  location: string | null;
}
export type MatchCall = (args: MatchArgs) => Promise<{ items: Item[] }>;

export interface EvalReport {
  cases: number;
  categoryPrecisionAt5: number;
  skillsRecallAt10: number;
  ndcgAt10: number;
  /** The descriptions whose top five were less than 60% on category, to read when tuning. */
  weakest: { text: string; precision: number }[];
}

export const EVAL_SET: readonly EvalCase[] = evalSet as EvalCase[];

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

function gain(item: Item, expected: EvalCase): number {
  const category = item.categories.some((slug) => expected.categories.includes(slug)) ? 1 : 0;
  const skills =
    expected.skills.length === 0
      ? 0
      : expected.skills.filter((skill) => item.skills.includes(skill)).length /
        expected.skills.length;
  let place = 0;
  const wanted = expected.location ? findPlace(expected.location) : undefined;
  if (wanted && item.location) {
    if (wanted.towns.includes(item.location)) place = 1;
    else if (wanted.nearby.includes(item.location)) place = 0.5;
  }
  return category + skills + place;
}

const dcg = (gains: number[]) =>
  gains.slice(0, 10).reduce((sum, g, index) => sum + g / Math.log2(index + 2), 0);

export async function evaluate(call: MatchCall, cases = EVAL_SET): Promise<EvalReport> {
  const precision: number[] = [];
  const recall: number[] = [];
  const ndcg: number[] = [];
  const weakest: EvalReport['weakest'] = [];
  for (const expected of cases) {
    const { items } = await call(toMatchArgs(parseRequest(expected.text), 50));
    const top5 = items.slice(0, 5);
    const p =
      top5.length === 0
        ? 0
        : top5.filter((item) => gain(item, { ...expected, skills: [], location: null }) > 0)
            .length / top5.length;
    precision.push(p);
    if (p < 0.6) weakest.push({ text: expected.text, precision: p });
    if (expected.skills.length > 0) {
      const listed = new Set(items.slice(0, 10).flatMap((item) => item.skills));
      recall.push(
        expected.skills.filter((skill) => listed.has(skill)).length / expected.skills.length,
      );
    }
    const gains = items.map((item) => gain(item, expected));
    const ideal = dcg([...gains].sort((a, b) => b - a));
    ndcg.push(ideal === 0 ? 0 : dcg(gains) / ideal);
  }
  return {
    cases: cases.length,
    categoryPrecisionAt5: mean(precision),
    skillsRecallAt10: mean(recall),
    ndcgAt10: mean(ndcg),
    weakest,
  };
}
