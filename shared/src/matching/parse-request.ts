import { CATEGORY_TERMS, WEAK_TERMS } from './category-terms';
import { parseBudget } from './parse-budget';
import { parseLocation } from './parse-location';
import { parseTimeline } from './parse-timeline';
import { PhraseMatcher, type PhraseHit } from './phrase-matcher';
import { SKILLS, type SkillEntry } from './skills-lexicon';
import type { ParsedRequest, Seniority } from './types';

const skillMatcher = new PhraseMatcher<SkillEntry>(
  SKILLS.flatMap((entry) => [entry.name, ...entry.aliases].map((term) => [term, entry] as const)),
);
const categoryMatcher = new PhraseMatcher<{ slug: string; term: string }>(
  CATEGORY_TERMS.map(([term, slug]) => [term, { slug, term }] as const),
);

const SENIORITY: readonly [RegExp, Seniority][] = [
  [/\b(lead|principal|head of|staff engineer|architect-level)\b/i, 'lead'],
  [/\b(senior|snr|sr\.?|experienced|seasoned|expert|(?:[7-9]|1\d|20)\+? years)\b/i, 'senior'],
  [/\b(mid[- ]?level|intermediate|(?:[3-6])\+? years)\b/i, 'mid'],
  [/\b(junior|jnr|graduate|entry[- ]level|trainee|apprentice)\b/i, 'junior'],
];

const MUST =
  /\b(must(?: have| know| be| include)?|essential|required?|requirement|a must|need(?:s)? to (?:have|know|be)|has to (?:have|know|be)|non[- ]negotiable|mandatory)\b/i;
const VERIFIED = /\b(verified|vetted|background[- ]checked|dbs[- ]checked)\b/i;

const STOP = new Set(
  (
    'a an the and or but for with without to of in on at by from into onto our my we i me us you your ' +
    'need needs needed want wants looking look find hire hiring someone somebody person people expert ' +
    'help support please who that which this these those is are be been being will would can could ' +
    'should must have has had do does did get got about around approx roughly per day days hour hours ' +
    'week weeks month months year years contract project job work working start starting asap urgent ' +
    'budget rate fixed price remote remotely onsite based near uk anywhere also some any very really ' +
    'good great strong solid experienced senior junior lead mid level quick fast small large new ' +
    'existing build building built make making create creating up out over under than more less ' +
    'k ideally preferably ideal plus bonus nice just like one two three four five six time part full ' +
    "next essential experience required mandatory skills skilled someone's knowledge team company business"
  ).split(' '),
);

const PERSON = /(?:er|or|ist|ant|master|owner|architect|cto|analyst|hacker)s?$/;

function chooseCategories(
  skills: PhraseHit<SkillEntry>[],
  roles: PhraseHit<{ slug: string; term: string }>[],
): string[] {
  const score = new Map<string, number>();
  const add = (slug: string, points: number) => score.set(slug, (score.get(slug) ?? 0) + points);
  // a word inside a recognised skill ("testing" in "penetration testing", "react") counts as
  // that skill, unless it names a person ("pen tester", "data scientist")
  const free = roles.filter(
    (role) =>
      PERSON.test(role.value.term) ||
      !skills.some((skill) => skill.start <= role.start && role.end <= skill.end),
  );
  for (const hit of free) add(hit.value.slug, WEAK_TERMS.has(hit.value.term) ? 1 : 4);
  for (const hit of skills) {
    hit.value.categories.forEach((slug, index) => add(slug, index === 0 ? 2 : 0.75));
  }
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return [];
  const top = ranked[0][1];
  return ranked
    .filter(([, points]) => points >= top * 0.6)
    .slice(0, 2)
    .map(([slug]) => slug);
}

const POSTFIX_MUST = /^(?:essential|required|mandatory|non[- ]negotiable|a must)$/i;

function mustHaveSkills(text: string, skills: PhraseHit<SkillEntry>[]): string[] {
  const required = new Set<string>();
  for (const match of text.matchAll(new RegExp(MUST.source, 'gi'))) {
    const at = match.index;
    const sentenceStart = Math.max(
      0,
      ...['.', ';', ',', '!', '?', '\n'].map((c) => text.lastIndexOf(c, at - 1) + 1),
    );
    const rest = text.slice(at);
    const stop = rest.search(/[.;!?\n]|\b(?:but|nice to have|ideally|bonus|preferably)\b/i);
    const to = at + (stop < 0 ? rest.length : stop);
    // "must have React" covers what follows; "React essential" what precedes, in its sentence
    const postfix = POSTFIX_MUST.test(match[0]) && !/^\s*:/.test(text.slice(at + match[0].length));
    const from = postfix ? sentenceStart : at;
    const until = postfix ? at : to;
    for (const hit of skills)
      if (hit.start >= from && hit.start < until) required.add(hit.value.name);
  }
  return [...required];
}

function keywordsOf(text: string, covered: [number, number][]): string[] {
  let rest = '';
  let at = 0;
  for (const [start, end] of [...covered].sort((a, b) => a[0] - b[0])) {
    if (start >= at) rest += `${text.slice(at, start)} `;
    at = Math.max(at, end);
  }
  rest += text.slice(at);
  const words = rest
    .toLowerCase()
    .replace(/£?\d[\d,.]*k?/g, ' ')
    .split(/[^a-z0-9+#]+/)
    .filter((word) => word.length > 2 && !STOP.has(word));
  return [...new Set(words)].slice(0, 8);
}

/** Understands a plain-English request for a professional. Pure and synchronous (about 1 ms). */
export function parseRequest(input: string): ParsedRequest {
  const text = input.slice(0, 2000);
  const skillHits = skillMatcher.find(text, { fuzzy: true });
  const roleHits = categoryMatcher.find(text);
  const location = parseLocation(text);
  const skills = [...new Set(skillHits.map((hit) => hit.value.name))];
  const seniority = SENIORITY.find(([pattern]) => pattern.test(text))?.[1];
  const covered: [number, number][] = [
    ...skillHits.map((hit): [number, number] => [hit.start, hit.end]),
    ...roleHits.map((hit): [number, number] => [hit.start, hit.end]),
    ...location.spans,
  ];
  return {
    text,
    categories: chooseCategories(skillHits, roleHits),
    skills,
    mustHaves: mustHaveSkills(text, skillHits),
    requireVerified: VERIFIED.test(text),
    seniority,
    location: { places: location.places, remote: location.remote },
    budget: parseBudget(text),
    timeline: parseTimeline(text),
    keywords: keywordsOf(text, covered),
  };
}
