import {
  findPlace,
  HOURS_PER_DAY,
  parseRequest,
  type ParsedBudget,
  type ParsedRequest,
} from '@promatch/shared/matching';

/** The project columns matching reads: what the business wrote and chose on the form. */
export interface MatchableProject {
  title: string;
  description: string;
  category: string | null;
  skills: string[];
  budget_type: string;
  budget_max: number | null;
  location: string | null;
  remote: boolean;
}

const unique = <T>(items: T[]) => [...new Set(items)];

function budgetOf(project: MatchableProject): ParsedBudget | undefined {
  const amount = project.budget_max;
  if (amount === null || amount <= 0) return undefined;
  const unit =
    project.budget_type === 'day' || project.budget_type === 'hour' ? project.budget_type : 'fixed';
  const hourly =
    unit === 'hour' ? amount : unit === 'day' ? Math.round(amount / HOURS_PER_DAY) : undefined;
  return { amount, unit, approximate: false, hourly, text: `£${amount}` };
}

/**
 * The matching request for a posted project: its title and description parsed like the
 * /ai-matching text, with what the form recorded (category, skills, place, remote, budget) taking
 * precedence over what the parser guessed.
 */
export function requestForProject(project: MatchableProject): ParsedRequest {
  const parsed = parseRequest(`${project.title}. ${project.description}`);
  const place = project.location ? findPlace(project.location) : undefined;
  const places = place
    ? [place, ...parsed.location.places.filter((p) => p.name !== place.name)]
    : parsed.location.places;
  return {
    ...parsed,
    categories: unique([...(project.category ? [project.category] : []), ...parsed.categories]),
    skills: unique([...project.skills, ...parsed.skills]),
    location: { places, remote: project.remote || parsed.location.remote },
    budget: budgetOf(project) ?? parsed.budget,
  };
}
