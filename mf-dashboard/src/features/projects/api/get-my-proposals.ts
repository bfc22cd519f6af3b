import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from './keys';
import type { Project, Proposal } from './types';

export interface MyProposal extends Proposal {
  project: Pick<Project, 'id' | 'title' | 'status' | 'budget_type' | 'owner_id'> | null;
}

/** The professional's proposals, newest first, each with its project's title and state. */
export async function getMyProposals(professionalId: string): Promise<MyProposal[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('project_applications')
    .select('*, project:projects(id, title, status, budget_type, owner_id)')
    .eq('professional_id', professionalId)
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error);
  return (data ?? []) as unknown as MyProposal[];
}

export const myProposalsQueryOptions = (professionalId: string) =>
  queryOptions({
    queryKey: projectKeys.proposals(professionalId),
    queryFn: () => getMyProposals(professionalId),
    staleTime: 0,
  });
export const useMyProposals = (professionalId: string) =>
  useQuery(myProposalsQueryOptions(professionalId));

/** The professional's skills and categories, for ranking open projects. */
export async function getMySkills(userId: string) {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('profiles')
    .select('skills, categories')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw toAppError(error);
  return { skills: data?.skills ?? [], categories: data?.categories ?? [] };
}
export const useMySkills = (userId: string) =>
  useQuery({ queryKey: projectKeys.profile(userId), queryFn: () => getMySkills(userId) });
