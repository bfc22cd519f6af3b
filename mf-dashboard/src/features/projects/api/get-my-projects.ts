import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from './keys';
import type { Project, ProposalStatus } from './types';

export interface OwnedProject extends Project {
  proposals: { id: string; status: ProposalStatus }[];
}

/** A business's own projects, newest first, with their proposals' states for the counts. */
export async function getMyProjects(ownerId: string): Promise<OwnedProject[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('projects')
    .select('*, proposals:project_applications(id, status)')
    .eq('owner_id', ownerId)
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error);
  return (data ?? []) as unknown as OwnedProject[];
}

export const myProjectsQueryOptions = (ownerId: string) =>
  queryOptions({
    queryKey: projectKeys.mine(ownerId),
    queryFn: () => getMyProjects(ownerId),
    staleTime: 0,
  });
export const useMyProjects = (ownerId: string) => useQuery(myProjectsQueryOptions(ownerId));
