import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfessionalCard } from '../../../lib/professionals/types';
import { professionalKeys } from '../../../lib/professionals/api/keys';

const COLUMNS =
  'id,name,title,location,skills,categories,hourly_rate_min,hourly_rate_max,rating,review_count,verified,response_time,completion_rate,availability,description,avatar_url,featured,pro_badge';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One professional by id; null when there is none (or the id is not even a UUID). */
export async function getProfessional(id: string): Promise<ProfessionalCard | null> {
  if (!UUID.test(id)) return null;
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('profiles')
    .select(COLUMNS)
    .eq('id', id)
    .eq('account_type', 'professional')
    .maybeSingle();
  if (error) throw toAppError(error);
  return data as ProfessionalCard | null;
}

export const professionalQueryOptions = (id: string) =>
  queryOptions({ queryKey: professionalKeys.detail(id), queryFn: () => getProfessional(id) });

export const useProfessional = (id: string) => useQuery(professionalQueryOptions(id));
