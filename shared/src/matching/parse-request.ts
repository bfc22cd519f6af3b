import { CATEGORY_TERMS, WEAK_TERMS } from './category-terms';
import { parseBudget } from './parse-budget';
import { parseLocation } from './parse-location';
import { parseTimeline } from './parse-timeline';
import { PhraseMatcher, type PhraseHit } from './phrase-matcher';
import { RELATED_TERMS } from './related-terms';
import { SKILLS, type SkillEntry } from './skills-lexicon';
import type { ParsedRequest, Seniority } from './types';

const skillMatcher = new PhraseMatcher<SkillEntry>([
  ...SKILLS.flatMap((entry) =>
    [entry.name, ...entry.aliases].map((term) => [term, entry] as const),
  ),
  // everyday words for a need; the lexicon's own terms come first, so they win a tie
  ...SKILLS.flatMap((entry) =>
    (RELATED_TERMS[entry.name] ?? []).map((term) => [term, entry] as const),
  ),
]);
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

/** Categories whose skills are a service done to something else (a test, an audit). */
const SERVICE_CATEGORIES: ReadonlySet<string> = new Set(['cybersecurity', 'quality-assurance']);

const PERSON = /(?:er|or|ist|ant|master|owner|architect|cto|analyst|hacker)s?$/;

/** A person noun right after a skill: "Azure engineer", "SQL developer", "Figma designer". */
const PERSON_AFTER =
  /^[\s-]*(?:engineers?|developers?|devs?|specialists?|experts?|admins?|administrators?|architects?|designers?|testers?)\b/i;

function personAfter(text: string, end: number): boolean {
  return PERSON_AFTER.test(text.slice(end, end + 20));
}

function chooseCategories(
  text: string,
  skills: PhraseHit<SkillEntry>[],
  roles: PhraseHit<{ slug: string; term: string }>[],
  context: ReadonlySet<string> = new Set(),
  contextRole: (hit: PhraseHit<unknown>) => boolean = () => false,
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
  for (const hit of free)
    add(hit.value.slug, (WEAK_TERMS.has(hit.value.term) ? 1 : 4) * (contextRole(hit) ? 0.2 : 1));
  // a service asked for by name ("test our apps", "a pen tester") makes the other things named
  // what the service is done to, just as a service skill does
  const serviceAsked =
    skills.some(
      (hit) => !context.has(hit.value.name) && SERVICE_CATEGORIES.has(hit.value.categories[0]),
    ) ||
    free.some(
      (hit) =>
        SERVICE_CATEGORIES.has(hit.value.slug) &&
        !WEAK_TERMS.has(hit.value.term) &&
        !contextRole(hit),
    );
  for (const hit of skills) {
    // testing and securing are services done to something: in "our APIs pen tested" the job is
    // the pen test, and the APIs are what it is done to; a skill mentioned as context (the tools
    // in use, the audit ahead) hardly says what the job is
    const service = SERVICE_CATEGORIES.has(hit.value.categories[0]) ? 1.5 : serviceAsked ? 0.5 : 1;
    const share = context.has(hit.value.name) ? 0.1 : service;
    // "an Azure engineer", "a SQL developer": the skill names the person asked for, so its own
    // category counts twice
    const primary = personAfter(text, hit.end) ? 4 : 2;
    hit.value.categories.forEach((slug, index) =>
      add(slug, (index === 0 ? primary : 0.75) * share),
    );
  }
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return [];
  const top = ranked[0][1];
  return ranked
    .filter(([, points]) => points >= top * 0.75)
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

/** Where a clause starts and ends around a position: sentences, semicolons, dashes, brackets. */
const CLAUSE_END = /[.;!?\n()]|\s[-–]\s/;

function clauseAround(text: string, start: number, end: number): { lead: string; tail: string } {
  let from = start;
  while (from > 0 && !CLAUSE_END.test(text.slice(from - 1, from + 2).slice(0, 1))) from -= 1;
  const rest = text.slice(end);
  const stop = rest.search(new RegExp(`${CLAUSE_END.source}|,`));
  return { lead: text.slice(from, start), tail: stop < 0 ? rest : rest.slice(0, stop) };
}

/** Words before a skill that make it part of the setting, not the job: "we use", "before our". */
const CONTEXT_LEAD =
  /\b(?:before|ahead of|in time for|we use|we(?:'re| are) using|we run|we(?:'re| are) on|running on|runs on|built on|hosted on|is (?:all )?in|are (?:all )?in|lives? in|off|from|alongside|as well as|using|uses|and uses)\b[^,]*$|\b(?:we(?:'re| are) an?|we have|we've got|data in)\b[^,]*$|\bin our\s+$|(?:nice to have|would be nice|not essential|bonus|a plus)\b[^,]*$/i;
/** Words after a skill that make it context: "ISO 27001 audit", "GDPR training ... not essential". */
const CONTEXT_TAIL =
  /^\s*(?:audit|certification|accreditation|compliance|training|on the horizon)\b|\b(?:would be nice|nice to have|not essential|is a bonus|a plus)\b/i;
/** A need verb between the context words and the skill makes it part of the job again. */
const NEED_VERB =
  /\b(?:need|needs|want|wants|looking for|help|hire|build|set up|setup|migrate|move|moving|would like|'d like|please)\b/i;
/** A sentence that only describes how things are now ("Our finance team does the reporting ..."). */
const SITUATION =
  /^\s*(?:our|at the moment|currently|right now|today|we've got|we have|we're a|we are a|honestly)\b/i;

function sentenceAround(text: string, at: number): string {
  const before = text.slice(0, at);
  const from = Math.max(...['.', '!', '?', '\n'].map((c) => before.lastIndexOf(c))) + 1;
  const rest = text.slice(at);
  const stop = rest.search(/[.!?\n]/);
  return text.slice(from, stop < 0 ? text.length : at + stop);
}

/**
 * The skills the request mentions as context rather than as the job: the tools already in use,
 * the audit ahead, the nice-to-haves. Only when something else is left as the need.
 */
function isContextAt(text: string, start: number, end: number): boolean {
  const { lead, tail } = clauseAround(text, start, end);
  const cue = CONTEXT_LEAD.exec(lead);
  const sentence = sentenceAround(text, start);
  return (
    (cue !== null && !NEED_VERB.test(lead.slice(cue.index + cue[0].search(/\S/) + 1))) ||
    CONTEXT_TAIL.test(tail) ||
    (SITUATION.test(sentence) && !NEED_VERB.test(sentence))
  );
}

function contextSkills(text: string, hits: PhraseHit<SkillEntry>[]): Set<string> {
  const contextual = new Map<string, boolean>();
  for (const hit of hits) {
    const isContext = isContextAt(text, hit.start, hit.end);
    // a skill is context only when every mention of it is
    contextual.set(hit.value.name, (contextual.get(hit.value.name) ?? true) && isContext);
  }
  const context = new Set([...contextual].filter(([, is]) => is).map(([name]) => name));
  return context.size < contextual.size ? context : new Set();
}

/**
 * When the request asks for a service done to something (a test, a security review), the things
 * it is done to ("our APIs pen tested", "test our iOS and Android apps") are context too: the
 * job is the service, so a developer who knows the same APIs is not the answer.
 */
function serviceObjects(
  text: string,
  hits: PhraseHit<SkillEntry>[],
  roles: PhraseHit<{ slug: string; term: string }>[],
  context: Set<string>,
): Set<string> {
  const need = hits.filter((hit) => !context.has(hit.value.name));
  const isService = (hit: PhraseHit<SkillEntry>) =>
    hit.value.categories.some((slug) => SERVICE_CATEGORIES.has(slug));
  const asked =
    need.some((hit) => SERVICE_CATEGORIES.has(hit.value.categories[0])) ||
    roles.some(
      (role) =>
        SERVICE_CATEGORIES.has(role.value.slug) &&
        !WEAK_TERMS.has(role.value.term) &&
        !hits.some((hit) => hit.start <= role.start && role.end <= hit.end) &&
        !isContextAt(text, role.start, role.end),
    );
  if (!asked) return context;
  return new Set([
    ...context,
    ...need.filter((hit) => !isService(hit)).map((hit) => hit.value.name),
  ]);
}

/** Understands a plain-English request for a professional. Pure and synchronous (about 1 ms). */
export function parseRequest(input: string): ParsedRequest {
  const text = input.slice(0, 2000);
  const skillHits = skillMatcher.find(text, { fuzzy: true });
  const roleHits = categoryMatcher.find(text);
  const location = parseLocation(text);
  const context = serviceObjects(text, skillHits, roleHits, contextSkills(text, skillHits));
  const skills = [...new Set(skillHits.map((hit) => hit.value.name))].filter(
    (name) => !context.has(name),
  );
  const seniority = SENIORITY.find(([pattern]) => pattern.test(text))?.[1];
  const covered: [number, number][] = [
    ...skillHits.map((hit): [number, number] => [hit.start, hit.end]),
    ...roleHits.map((hit): [number, number] => [hit.start, hit.end]),
    ...location.spans,
  ];
  return {
    text,
    categories: chooseCategories(
      text,
      skillHits,
      roleHits,
      context,
      (hit) => context.size > 0 && isContextAt(text, hit.start, hit.end),
    ),
    skills,
    context: [...context],
    mustHaves: mustHaveSkills(text, skillHits).filter((name) => !context.has(name)),
    requireVerified: VERIFIED.test(text),
    seniority,
    location: { places: location.places, remote: location.remote },
    budget: parseBudget(text),
    timeline: parseTimeline(text),
    keywords: keywordsOf(text, covered),
  };
}
