import { getSupabaseClient, toAppError, type Database } from '@promatch/shared';
import { overviewKeys } from './keys';
import { usePanelQuery } from './query-helpers';

export type BusinessProject =
  Database['public']['Functions']['dashboard_business_projects']['Returns'][number];

/** The business's projects, live ones first, with proposal and shortlist counts. */
export async function getBusinessProjects(): Promise<BusinessProject[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('dashboard_business_projects', { max_rows: 5 });
  if (error) throw toAppError(error);
  return data ?? [];
}

export const useBusinessProjects = () =>
  usePanelQuery(overviewKeys.businessProjects, getBusinessProjects);
