import type { IncomingHttpHeaders } from 'node:http';
import { PgrstError } from '../errors.ts';

/** What the client asked the response to be (the Accept header), as PostgREST reads it. */
export interface OutputFormat {
  /** One object instead of an array (application/vnd.pgrst.object+json). */
  singular: boolean;
  /** Keys whose value is null left out (…+json;nulls=stripped). */
  stripNulls: boolean;
  csv: boolean;
  /** A GeoJSON FeatureCollection (application/geo+json); only offered where PostGIS is installed. */
  geoJson: boolean;
  contentType: string;
  /**
   * The query's execution plan instead of its result (application/vnd.pgrst.plan), PostgREST's
   * db-plan-enabled; the other fields describe the `for` media type the plan is of.
   */
  plan?: PlanFormat;
}

export interface PlanFormat {
  json: boolean;
  /** EXPLAIN options named in `options=` (analyze|verbose|settings|buffers|wal). */
  options: PlanOption[];
}

export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
export type PlanOption = (typeof PLAN_OPTIONS)[number];

const JSON_TYPE = 'application/json; charset=utf-8';

function choose(type: string): OutputFormat | undefined {
  const [base, ...params] = type.split(';').map((part) => part.trim().toLowerCase());
  const stripNulls = params.includes('nulls=stripped');
  const pgrst = (singular: boolean, name: string): OutputFormat => ({
    singular,
    stripNulls,
    csv: false,
    geoJson: false,
    contentType: `${name}${stripNulls ? '; nulls=stripped' : ''}; charset=utf-8`,
  });
  if (base === 'application/vnd.pgrst.object+json' || base === 'application/vnd.pgrst.object')
    return pgrst(true, 'application/vnd.pgrst.object+json');
  if (base === 'application/vnd.pgrst.array+json' || base === 'application/vnd.pgrst.array')
    return pgrst(false, 'application/vnd.pgrst.array+json');
  if (base === 'text/csv')
    return {
      singular: false,
      stripNulls: false,
      csv: true,
      geoJson: false,
      contentType: 'text/csv; charset=utf-8',
    };
  if (base === 'application/geo+json')
    return {
      singular: false,
      stripNulls: false,
      csv: false,
      geoJson: true,
      contentType: 'application/geo+json; charset=utf-8',
    };
  if (['application/json', 'application/*', '*/*', ''].includes(base))
    return {
      singular: false,
      stripNulls: false,
      csv: false,
      geoJson: false,
      contentType: JSON_TYPE,
    };
  return undefined;
}

const unquote = (value: string) => value.replace(/^"(.*)"$/, '$1');

/**
 * `application/vnd.pgrst.plan[+json|+text]; for="<media type>"; options=verbose|settings`, as
 * PostgREST reads it: text unless +json, the plan of a JSON result unless `for` names another.
 */
function choosePlan(type: string): OutputFormat | undefined {
  const [base = '', ...params] = type.split(';').map((part) => part.trim());
  const kind = /^application\/vnd\.pgrst\.plan(\+json|\+text)?$/i.exec(base);
  if (!kind) return undefined;
  const param = (name: string) =>
    params.find((p) => p.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
  const inner = choose(unquote(param('for') ?? 'application/json'));
  if (!inner || inner.geoJson) return undefined;
  const options: PlanOption[] = [];
  for (const option of (param('options') ?? '').split('|').filter(Boolean)) {
    const known = PLAN_OPTIONS.find((o) => o === option.toLowerCase());
    if (!known) return undefined;
    options.push(known);
  }
  const json = kind[1]?.toLowerCase() === '+json';
  const forType = inner.contentType.split(';')[0];
  return {
    ...inner,
    contentType: `application/vnd.pgrst.plan+${json ? 'json' : 'text'}; for="${forType}"; charset=utf-8`,
    plan: { json, options },
  };
}

// Clients send a handful of distinct Accept headers: each is read once (the formats are never mutated).
const known = new Map<string, OutputFormat>();

/**
 * The first media type of `Accept` the gateway can produce; 406 PGRST107 when there is none.
 * Execution plans are one of them only when `planEnabled` (PostgREST's db-plan-enabled).
 */
export function outputFormat(headers: IncomingHttpHeaders, planEnabled = false): OutputFormat {
  const raw = headers.accept;
  const accept = (Array.isArray(raw) ? raw.join(',') : raw) ?? '';
  const key = `${planEnabled ? 'plan:' : ''}${accept}`;
  const hit = known.get(key);
  if (hit) return hit;
  const format = readAccept(accept, planEnabled);
  if (known.size >= 100) known.clear();
  known.set(key, format);
  return format;
}

function readAccept(accept: string, planEnabled: boolean): OutputFormat {
  const types = accept.split(',').map((t) => t.trim());
  for (const type of types.length > 0 ? types : ['']) {
    const format = choose(type) ?? (planEnabled ? choosePlan(type) : undefined);
    if (format) return format;
  }
  throw noMediaType(accept);
}

/** PostgREST's refusal of an Accept header it cannot produce. */
export function noMediaType(accept: string | string[] | undefined): PgrstError {
  const text = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return new PgrstError(406, 'PGRST107', `None of these media types are available: ${text}`);
}
