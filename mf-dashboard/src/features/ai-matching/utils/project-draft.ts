import { findServiceCategory } from '@promatch/shared/categories';
import { describeTimeline, type ParsedRequest } from '@promatch/shared/matching';

/** The columns of a draft project written from a matching request. */
export interface ProjectDraft {
  title: string;
  description: string;
  category: string | null;
  skills: string[];
  budget_type: 'fixed' | 'day' | 'hour';
  budget_min: number | null;
  budget_max: number | null;
  timeline: string | null;
  location: string | null;
  remote: boolean;
  status: 'draft';
}

/** A description this short cannot become a project (the project form asks for 30 characters). */
export const MIN_PROJECT_DESCRIPTION = 30;

/** "React Native in Leeds", "Software Development", or the first words of the description. */
function titleFor(request: ParsedRequest): string {
  const what =
    request.skills.slice(0, 2).join(' and ') ||
    findServiceCategory(request.categories[0])?.name ||
    request.text.trim().split(/\s+/).slice(0, 8).join(' ');
  const where = request.location.places[0]?.name;
  return (where ? `${what} in ${where}` : what).slice(0, 200);
}

export function projectDraftFrom(request: ParsedRequest): ProjectDraft {
  const budget = request.budget;
  const budgetType = budget?.unit === 'day' || budget?.unit === 'hour' ? budget.unit : 'fixed';
  return {
    title: titleFor(request),
    description: request.text.trim(),
    category: request.categories[0] ?? null,
    skills: request.skills,
    budget_type: budgetType,
    budget_min: null,
    // a monthly figure has no project column: it is kept in the description only
    budget_max: budget && budget.unit !== 'month' ? budget.amount : null,
    timeline: request.timeline ? describeTimeline(request.timeline) : null,
    location: request.location.places[0]?.name ?? null,
    remote: request.location.remote || request.location.places.length === 0,
    status: 'draft',
  };
}
