import { findServiceCategory } from '@promatch/shared/categories';
import type { Availability, SearchFilters, SortOrder } from '../../../lib/professionals/types';

const SORTS: SortOrder[] = ['relevance', 'rating', 'rate_asc', 'rate_desc'];
const AVAILABILITY: Availability[] = ['available', 'busy', 'unavailable'];

function positiveNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

/** Reads every filter from the URL; anything malformed falls back to its default. */
export function parseFilters(params: URLSearchParams): SearchFilters {
  const sort = params.get('sort') as SortOrder | null;
  const availability = params.get('availability') as Availability | null;
  const page = Math.floor(positiveNumber(params.get('page')) ?? 1);
  return {
    q: params.get('q')?.trim() ?? '',
    // a slug, or a category's name in lower case; anything else means every category
    category: findServiceCategory(params.get('category'))?.slug ?? '',
    location: params.get('location')?.trim() ?? '',
    rateMin: positiveNumber(params.get('rate_min')),
    rateMax: positiveNumber(params.get('rate_max')),
    minRating: positiveNumber(params.get('rating')),
    verified: params.get('verified') === '1',
    availability: availability && AVAILABILITY.includes(availability) ? availability : '',
    sort: sort && SORTS.includes(sort) ? sort : 'relevance',
    page: Math.max(page, 1),
  };
}

/** Writes filters back as a short, shareable query string (defaults are left out). */
export function serializeFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined, skip?: string | number) => {
    if (value !== undefined && value !== '' && value !== skip) params.set(key, String(value));
  };
  set('q', filters.q);
  set('category', filters.category);
  set('location', filters.location);
  set('rate_min', filters.rateMin);
  set('rate_max', filters.rateMax);
  set('rating', filters.minRating);
  set('verified', filters.verified ? 1 : undefined);
  set('availability', filters.availability);
  set('sort', filters.sort, 'relevance');
  set('page', filters.page, 1);
  return params;
}
