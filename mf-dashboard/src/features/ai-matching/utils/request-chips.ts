import { findServiceCategory } from '@promatch/shared/categories';
import {
  describeBudget,
  describeTimeline,
  findPlace,
  findSkill,
  type ParsedRequest,
} from '@promatch/shared/matching';

/** One piece of what the parser understood, shown as a removable chip. */
export interface RequestChip {
  id: string;
  kind:
    | 'category'
    | 'skill'
    | 'context'
    | 'must'
    | 'place'
    | 'remote'
    | 'budget'
    | 'timeline'
    | 'seniority'
    | 'verified';
  label: string;
}

/** What the user changed: chips removed, skills and places added by hand. */
export interface ChipEdits {
  removed: readonly string[];
  addedSkills: readonly string[];
  addedPlaces: readonly string[];
}

export const NO_EDITS: ChipEdits = { removed: [], addedSkills: [], addedPlaces: [] };

const SENIORITY_LABEL = { junior: 'Junior', mid: 'Mid-level', senior: 'Senior', lead: 'Lead' };

export function requestChips(request: ParsedRequest): RequestChip[] {
  const chips: RequestChip[] = [];
  for (const slug of request.categories) {
    chips.push({
      id: `category:${slug}`,
      kind: 'category',
      label: findServiceCategory(slug)?.name ?? slug,
    });
  }
  for (const skill of request.skills) {
    const must = request.mustHaves.includes(skill);
    chips.push({
      id: `skill:${skill}`,
      kind: must ? 'must' : 'skill',
      label: must ? `${skill} (must have)` : skill,
    });
  }
  // skills mentioned as context (the tools in use, the audit ahead): they count for little
  for (const skill of request.context) {
    chips.push({ id: `context:${skill}`, kind: 'context', label: `${skill} (context)` });
  }
  for (const place of request.location.places) {
    chips.push({ id: `place:${place.name}`, kind: 'place', label: place.name });
  }
  if (request.location.remote) chips.push({ id: 'remote', kind: 'remote', label: 'Remote OK' });
  if (request.budget)
    chips.push({ id: 'budget', kind: 'budget', label: describeBudget(request.budget) });
  if (request.timeline) {
    chips.push({ id: 'timeline', kind: 'timeline', label: describeTimeline(request.timeline) });
  }
  if (request.seniority) {
    chips.push({ id: 'seniority', kind: 'seniority', label: SENIORITY_LABEL[request.seniority] });
  }
  if (request.requireVerified)
    chips.push({ id: 'verified', kind: 'verified', label: 'Verified only' });
  return chips;
}

/** The request as edited: removed chips dropped, hand-added skills and places included. */
export function applyEdits(request: ParsedRequest, edits: ChipEdits): ParsedRequest {
  const gone = new Set(edits.removed);
  const added = edits.addedSkills.filter((skill) => !request.skills.includes(skill));
  const addedPlaces = edits.addedPlaces
    .map((name) => findPlace(name))
    .filter((place) => place !== undefined)
    .filter((place) => !request.location.places.some((known) => known.name === place.name));
  const skills = [...request.skills, ...added].filter((skill) => !gone.has(`skill:${skill}`));
  return {
    ...request,
    categories: request.categories.filter((slug) => !gone.has(`category:${slug}`)),
    skills,
    context: request.context.filter(
      (skill) => !gone.has(`context:${skill}`) && !skills.includes(skill),
    ),
    mustHaves: request.mustHaves.filter((skill) => skills.includes(skill)),
    requireVerified: request.requireVerified && !gone.has('verified'),
    seniority: gone.has('seniority') ? undefined : request.seniority,
    budget: gone.has('budget') ? undefined : request.budget,
    timeline: gone.has('timeline') ? undefined : request.timeline,
    location: {
      places: [...request.location.places, ...addedPlaces].filter(
        (place) => !gone.has(`place:${place.name}`),
      ),
      remote: request.location.remote && !gone.has('remote'),
    },
  };
}

/** A skill or place typed into the "add" box, in the lexicon's or gazetteer's spelling. */
export function recogniseAddition(text: string): { skill?: string; place?: string } {
  const skill = findSkill(text)?.name;
  if (skill) return { skill };
  const place = findPlace(text)?.name;
  return place ? { place } : {};
}
