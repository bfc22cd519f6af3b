export { parseRequest } from './parse-request';
export { parseBudget, describeBudget, HOURS_PER_DAY, DAYS_PER_MONTH } from './parse-budget';
export { parseTimeline, describeTimeline } from './parse-timeline';
export { parseLocation, findPlace, PLACE_NAMES } from './parse-location';
export { SKILLS, findSkill, type SkillEntry } from './skills-lexicon';
export { REGIONS, ALL_TOWNS, regionOf } from './gazetteer';
export { kmBetween, distancesFromNamedTowns } from './distance';
export { TOWN_COORDINATES } from './town-coordinates';
export { toMatchArgs, type MatchArgs } from './match-args';
export type {
  BudgetUnit,
  ParsedBudget,
  ParsedLocation,
  ParsedPlace,
  ParsedRequest,
  ParsedTimeline,
  Seniority,
} from './types';
