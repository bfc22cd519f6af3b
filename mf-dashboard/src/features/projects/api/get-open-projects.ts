import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from './keys';
import type { Project } from './types';

/**
 * Open projects the caller may see, newest first. The database decides visibility: a project
 * reaches professionals without early access only after the early-access window.
 */
export async function getOpenProjects(): Promise<Project[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('projects')
    .select('*')
    .eq('status', 'open')
    .order('published_at', { ascending: false })
    .limit(100);
  if (error) throw toAppError(error);
  return data ?? [];
}

export const openProjectsQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.open(), queryFn: getOpenProjects, staleTime: 0 });
export const useOpenProjects = () => useQuery(openProjectsQueryOptions());

/** The hours a new project is shown only to plans with early access (one database setting). */
export async function getEarlyAccessHours(): Promise<number> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('early_access_hours');
  if (error) throw toAppError(error);
  return data;
}
export const useEarlyAccessHours = () =>
  useQuery({
    queryKey: projectKeys.earlyAccessHours(),
    queryFn: getEarlyAccessHours,
  });
