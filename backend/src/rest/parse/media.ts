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
}

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

// Clients send a handful of distinct Accept headers: each is read once (the formats are never mutated).
const known = new Map<string, OutputFormat>();

/** The first media type of `Accept` the gateway can produce; 406 PGRST107 when there is none. */
export function outputFormat(headers: IncomingHttpHeaders): OutputFormat {
  const raw = headers.accept;
  const accept = (Array.isArray(raw) ? raw.join(',') : raw) ?? '';
  const hit = known.get(accept);
  if (hit) return hit;
  const format = readAccept(accept);
  if (known.size >= 100) known.clear();
  known.set(accept, format);
  return format;
}

function readAccept(accept: string): OutputFormat {
  const types = accept.split(',').map((t) => t.trim());
  for (const type of types.length > 0 ? types : ['']) {
    const format = choose(type);
    if (format) return format;
  }
  throw noMediaType(accept);
}

/** PostgREST's refusal of an Accept header it cannot produce. */
export function noMediaType(accept: string | string[] | undefined): PgrstError {
  const text = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return new PgrstError(406, 'PGRST107', `None of these media types are available: ${text}`);
}
