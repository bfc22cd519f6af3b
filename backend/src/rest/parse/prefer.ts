import type { IncomingHttpHeaders } from 'node:http';
import { PgrstError } from '../errors.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missingDefault: boolean;
  rollback: boolean;
  strict: boolean;
  maxAffected: number | undefined;
  /** Echoed in Preference-Applied. */
  applied: string[];
}

const allowed: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['lenient', 'strict'],
};

// The order PostgREST lists applied preferences in (resolution=…, missing=…, return=…, count=…).
const ORDER = ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'max-affected'];
const appliedOrder = (token: string) => ORDER.indexOf(token.split('=')[0]);

// Each distinct Prefer header is parsed once (a client sends the same few again and again).
const parsed = new Map<string, Preferences>();
const parsedLimit = 200;

/** Parses `Prefer`; unknown preferences are ignored (lenient) unless handling=strict (PGRST122). */
export function parsePrefer(headers: IncomingHttpHeaders): Preferences {
  const raw = headers.prefer;
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  let prefs = parsed.get(text);
  if (!prefs) {
    prefs = parsePreferText(text);
    if (parsed.size >= parsedLimit) parsed.clear();
    parsed.set(text, prefs);
  }
  // A copy per request: planning may drop a resolution the table cannot use.
  return { ...prefs, applied: [...prefs.applied] };
}

function parsePreferText(text: string): Preferences {
  const prefs: Preferences = {
    return: undefined,
    count: undefined,
    resolution: undefined,
    missingDefault: false,
    rollback: false,
    strict: false,
    maxAffected: undefined,
    applied: [],
  };
  const invalid: string[] = [];
  for (const token of text
    .split(/[,;]/)
    .map((t) => t.trim())
    .filter(Boolean)) {
    const [key, value = ''] = token.split('=').map((t) => t.trim());
    if (key === 'max-affected' && /^\d+$/.test(value)) {
      prefs.maxAffected = Number(value);
      continue;
    }
    if (key === 'timezone' || key === 'params') continue;
    if (!allowed[key]?.includes(value)) {
      invalid.push(token);
      continue;
    }
    if (key === 'return') prefs.return = value as Preferences['return'];
    if (key === 'count') prefs.count = value as Preferences['count'];
    if (key === 'resolution') prefs.resolution = value as Preferences['resolution'];
    if (key === 'missing') prefs.missingDefault = value === 'default';
    if (key === 'tx') prefs.rollback = value === 'rollback';
    if (key === 'handling') prefs.strict = value === 'strict';
    prefs.applied.push(`${key}=${value}`);
  }
  if (prefs.strict && invalid.length > 0) {
    throw new PgrstError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  if (prefs.strict && prefs.maxAffected !== undefined)
    prefs.applied.push(`max-affected=${prefs.maxAffected}`);
  prefs.applied.sort((a, b) => appliedOrder(a) - appliedOrder(b));
  return prefs;
}
