import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from './keys';
import type { Project, Proposal } from './types';

export interface ProposalWithProfessional extends Proposal {
  professional: { id: string; name: string; title: string | null } | null;
}
export interface ProjectDetail extends Project {
  proposals: ProposalWithProfessional[];
}

/**
 * One project with the proposals the caller may see: all of them for the business that posted
 * it, only their own for a professional (row-level security decides).
 */
export async function getProject(id: string): Promise<ProjectDetail | null> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('projects')
    .select(
      '*, proposals:project_applications(*, professional:profiles!project_applications_professional_id_fkey(id, name, title))',
    )
    .eq('id', id)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data as unknown as ProjectDetail | null;
}

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: () => getProject(id), staleTime: 0 });
export const useProject = (id: string) => useQuery(projectQueryOptions(id));
