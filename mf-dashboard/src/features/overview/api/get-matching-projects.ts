import { getSupabaseClient, toAppError, type Database } from '@promatch/shared';
import { overviewKeys } from './keys';
import { usePanelQuery } from './query-helpers';

export type MatchingProject =
  Database['public']['Functions']['dashboard_matching_projects']['Returns'][number];

/** Open projects in the professional's categories or asking for their skills, best fit first. */
export async function getMatchingProjects(): Promise<MatchingProject[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('dashboard_matching_projects', { max_rows: 5 });
  if (error) throw toAppError(error);
  return data ?? [];
}

export const useMatchingProjects = () =>
  usePanelQuery(overviewKeys.matchingProjects, getMatchingProjects);
