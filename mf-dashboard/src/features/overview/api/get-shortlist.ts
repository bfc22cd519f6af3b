import { getSupabaseClient, toAppError, type Database } from '@promatch/shared';
import { overviewKeys } from './keys';
import { usePanelQuery } from './query-helpers';

export type ShortlistEntry =
  Database['public']['Functions']['dashboard_shortlist']['Returns'][number];

/** Professionals the business has shortlisted, most recent first. */
export async function getShortlist(): Promise<ShortlistEntry[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('dashboard_shortlist', { max_rows: 5 });
  if (error) throw toAppError(error);
  return data ?? [];
}

export const useShortlist = () => usePanelQuery(overviewKeys.shortlist, getShortlist);
