import { AREAS, CAPITALISED_ONLY, REGIONS, TOWN_ALIASES, regionOf } from './gazetteer';
import { PhraseMatcher } from './phrase-matcher';
import type { ParsedLocation, ParsedPlace } from './types';

type PlaceRef = { kind: 'town'; town: string } | { kind: 'region'; name: string; towns: string[] };

const entries: (readonly [string, PlaceRef])[] = [];
for (const region of REGIONS) {
  const ref: PlaceRef = { kind: 'region', name: region.name, towns: [...region.towns] };
  for (const alias of region.aliases) entries.push([alias, ref]);
  for (const town of region.towns) entries.push([town, { kind: 'town', town }]);
}
for (const area of AREAS) {
  const towns = REGIONS.filter((region) => area.regions.includes(region.name)).flatMap((r) => [
    ...r.towns,
  ]);
  for (const alias of area.aliases)
    entries.push([alias, { kind: 'region', name: area.name, towns }]);
}
for (const [alias, town] of Object.entries(TOWN_ALIASES))
  entries.push([alias, { kind: 'town', town }]);

const places = new PhraseMatcher(entries, CAPITALISED_ONLY);

const REMOTE =
  /\b(remote(?:ly)?|wfh|work(?:ing)? from home|home[- ]based|anywhere in the uk|anywhere uk|uk[- ]wide|across the uk|distributed|virtual(?:ly)?)\b/i;
const ON_SITE_ONLY =
  /\b(on[- ]?site only|no remote|must be (?:on[- ]?site|in the office)|not remote)\b/i;

export function placeFromRef(ref: PlaceRef): ParsedPlace {
  if (ref.kind === 'region')
    return { name: ref.name, kind: 'region', towns: ref.towns, nearby: [] };
  const region = regionOf(ref.town);
  return {
    name: ref.town,
    kind: 'town',
    towns: [ref.town],
    nearby: region ? region.towns.filter((town) => town !== ref.town) : [],
  };
}

/** The places named in the text (towns, regions, areas) and whether remote work is acceptable. */
export function parseLocation(text: string): ParsedLocation & { spans: [number, number][] } {
  const hits = places.find(text, { fuzzy: true });
  const seen = new Set<string>();
  const found: ParsedPlace[] = [];
  for (const hit of hits) {
    const place = placeFromRef(hit.value);
    if (seen.has(place.name)) continue;
    seen.add(place.name);
    found.push(place);
  }
  const remote = !ON_SITE_ONLY.test(text) && REMOTE.test(text);
  return {
    places: found,
    remote,
    spans: hits.map((hit) => [hit.start, hit.end]),
  };
}

/** Every town and region name the gazetteer knows, for the chip editor's suggestions. */
export const PLACE_NAMES: readonly string[] = [
  ...REGIONS.map((region) => region.name),
  ...AREAS.map((area) => area.name),
  ...REGIONS.flatMap((region) => region.towns),
];

/** A place by its gazetteer name (a chip the user typed). */
export function findPlace(name: string): ParsedPlace | undefined {
  const hit = places.find(name, { fuzzy: true })[0];
  return hit ? placeFromRef(hit.value) : undefined;
}
