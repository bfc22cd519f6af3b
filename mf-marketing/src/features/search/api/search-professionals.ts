import { getSupabaseClient, toAppError } from '@promatch/shared';
import { findServiceCategory } from '@promatch/shared/categories';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchFilters, SearchPage } from '../../../lib/professionals/types';
import { professionalKeys } from '../../../lib/professionals/api/keys';

export const PAGE_SIZE = 12;

/** The RPC arguments for a set of filters. */
export function toRpcArgs(filters: SearchFilters) {
  const category = findServiceCategory(filters.category);
  return {
    // undefined leaves an argument out, so the function's default (no filter) applies
    p_query: filters.q || undefined,
    p_categories: category ? [category.slug] : undefined,
    p_location: filters.location || undefined,
    p_rate_min: filters.rateMin,
    p_rate_max: filters.rateMax,
    p_min_rating: filters.minRating,
    p_verified_only: filters.verified,
    p_availability: filters.availability || undefined,
    p_sort: filters.sort,
    p_page: filters.page,
    p_page_size: PAGE_SIZE,
  };
}

export async function searchProfessionals(filters: SearchFilters): Promise<SearchPage> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('search_professionals', toRpcArgs(filters));
  if (error) throw toAppError(error);
  return data as unknown as SearchPage;
}

export const searchProfessionalsQueryOptions = (filters: SearchFilters) =>
  queryOptions({
    queryKey: professionalKeys.search(filters),
    queryFn: () => searchProfessionals(filters),
    // the previous page stays on screen while the next one loads, so the list does not jump
    placeholderData: keepPreviousData,
  });

export const useSearchProfessionals = (filters: SearchFilters) =>
  useQuery(searchProfessionalsQueryOptions(filters));
