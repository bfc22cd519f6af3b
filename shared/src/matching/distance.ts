import { TOWN_COORDINATES } from './town-coordinates';
import type { ParsedRequest } from './types';

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres between two gazetteer towns (undefined if either is unknown). */
export function kmBetween(a: string, b: string): number | undefined {
  const from = TOWN_COORDINATES[a];
  const to = TOWN_COORDINATES[b];
  if (!from || !to) return undefined;
  const dLat = radians(to[0] - from[0]);
  const dLon = radians(to[1] - from[1]);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from[0])) * Math.cos(radians(to[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/**
 * For a request that names towns: every gazetteer town (lower case) and its distance in whole
 * kilometres from the nearest named town. Undefined when the request names no town (a region
 * alone, or no place): then every town of the region is as good as another.
 */
export function distancesFromNamedTowns(
  request: ParsedRequest,
): Record<string, number> | undefined {
  const named = request.location.places
    .filter((place) => place.kind === 'town')
    .map((place) => place.name)
    .filter((town) => TOWN_COORDINATES[town]);
  if (named.length === 0) return undefined;
  const distances: Record<string, number> = {};
  for (const town of Object.keys(TOWN_COORDINATES)) {
    const km = Math.min(...named.map((from) => kmBetween(from, town) ?? Infinity));
    if (Number.isFinite(km)) distances[town.toLowerCase()] = Math.round(km);
  }
  return distances;
}
