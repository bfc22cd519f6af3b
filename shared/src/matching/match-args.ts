import { distancesFromNamedTowns } from './distance';
import type { ParsedRequest } from './types';

/**
 * The arguments of the match_professionals database function for a parsed request (an argument
 * left undefined is left out, so the function's default applies).
 */
export interface MatchArgs {
  p_keywords: string[];
  p_categories: string[];
  /** The main need's skills. */
  p_skills: string[];
  /** Skills mentioned as context (tools in use, the audit ahead): a small part of the score. */
  p_context: string[];
  p_must_have: string[];
  p_towns: string[];
  p_nearby: string[];
  /** Kilometres from the nearest named town, per gazetteer town (lower case), when a town is named. */
  p_distance_km?: Record<string, number>;
  /** The request says remote work is fine. */
  p_remote: boolean;
  p_budget_hourly?: number;
  p_budget_approximate: boolean;
  p_budget_unit?: string;
  p_seniority?: string;
  p_start_soon: boolean;
  p_verified_only: boolean;
  p_limit: number;
}

export function toMatchArgs(request: ParsedRequest, limit = 10): MatchArgs {
  const towns = [...new Set(request.location.places.flatMap((place) => place.towns))];
  const nearby = [...new Set(request.location.places.flatMap((place) => place.nearby))].filter(
    (town) => !towns.includes(town),
  );
  const start = request.timeline?.start;
  return {
    p_keywords: request.keywords,
    p_categories: request.categories,
    p_skills: request.skills,
    p_context: request.context.filter((skill) => !request.skills.includes(skill)),
    p_must_have: request.mustHaves,
    p_towns: towns,
    p_nearby: nearby,
    p_distance_km: distancesFromNamedTowns(request),
    p_remote: request.location.remote,
    p_budget_hourly: request.budget?.hourly,
    p_budget_approximate: request.budget?.approximate ?? false,
    p_budget_unit:
      request.budget && request.budget.unit !== 'fixed' ? request.budget.unit : undefined,
    p_seniority: request.seniority,
    p_start_soon: start === 'asap' || start === 'next week',
    p_verified_only: request.requireVerified,
    p_limit: limit,
  };
}
