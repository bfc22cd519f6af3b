import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfessionalCard } from '../../../lib/professionals/types';
import { professionalKeys } from '../../../lib/professionals/api/keys';

/**
 * The three featured experts of the home page: verified and available; professionals whose plan
 * features their profile come first (labelled Featured on the card), then the best rated.
 */
export async function getFeaturedProfessionals(): Promise<ProfessionalCard[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('search_professionals', {
    p_verified_only: true,
    p_availability: 'available',
    p_sort: 'featured',
    p_page_size: 3,
  });
  if (error) throw toAppError(error);
  return (data as unknown as { items: ProfessionalCard[] }).items;
}

export const featuredProfessionalsQueryOptions = () =>
  queryOptions({ queryKey: professionalKeys.featured(), queryFn: getFeaturedProfessionals });

export const useFeaturedProfessionals = () => useQuery(featuredProfessionalsQueryOptions());
