/** What the parser understood from a plain-English request; every part is shown as a chip. */
export type Seniority = 'junior' | 'mid' | 'senior' | 'lead';
export type BudgetUnit = 'hour' | 'day' | 'month' | 'fixed';

export interface ParsedBudget {
  /** Whole pounds; the upper end when a range was given. */
  amount: number;
  unit: BudgetUnit;
  /** "about", "around", "roughly": the amount is a guide, not a ceiling. */
  approximate: boolean;
  /** The hourly equivalent for day and month rates (7.5-hour day, 20 working days a month). */
  hourly?: number;
  text: string;
}

export interface ParsedTimeline {
  /** When work should start, if said: 'asap', 'next week', 'next month' or a month name. */
  start?: string;
  /** Length of the engagement in weeks, if said. */
  weeks?: number;
  /** The length as the user put it: "3 months", "six weeks", "long-term". */
  duration?: string;
  text: string;
}

export interface ParsedPlace {
  /** A town or a region/area name as the gazetteer spells it. */
  name: string;
  kind: 'town' | 'region';
  /** Towns that count as "in" this place. */
  towns: string[];
  /** Towns that count as nearby (the rest of the town's region). */
  nearby: string[];
}

export interface ParsedLocation {
  places: ParsedPlace[];
  /** Remote work is acceptable ("or remote", "fully remote", "WFH"). */
  remote: boolean;
}

export interface ParsedRequest {
  text: string;
  /** Category slugs, most likely first. */
  categories: string[];
  /** Canonical skill names from the lexicon: the main need (what is to be done or built). */
  skills: string[];
  /**
   * Skills the request mentions as context, not as the job: tools already in use ("we use AWS"),
   * the standard ahead ("before our ISO 27001 audit"), nice-to-haves. They count for little.
   */
  context: string[];
  /** Skills the request says are required ("must have", "essential"). A subset of skills. */
  mustHaves: string[];
  /** Other must-haves that are not skills ("verified"). */
  requireVerified: boolean;
  seniority?: Seniority;
  location: ParsedLocation;
  budget?: ParsedBudget;
  timeline?: ParsedTimeline;
  /** Remaining meaningful words, used for full-text relevance. */
  keywords: string[];
}
