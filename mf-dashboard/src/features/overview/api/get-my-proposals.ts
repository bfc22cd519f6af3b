import { getSupabaseClient, toAppError } from '@promatch/shared';
import { overviewKeys } from './keys';
import { usePanelQuery } from './query-helpers';

export interface MyProposal {
  id: string;
  status: string;
  proposed_rate: number | null;
  created_at: string;
  project: { title: string } | null;
}

/** The professional's latest proposals and where each stands. */
export async function getMyProposals(userId: string): Promise<MyProposal[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('project_applications')
    .select('id,status,proposed_rate,created_at,project:projects(title)')
    .eq('professional_id', userId)
    .order('created_at', { ascending: false })
    .limit(5);
  if (error) throw toAppError(error);
  return (data ?? []) as unknown as MyProposal[];
}

export const useMyProposals = () => usePanelQuery(overviewKeys.proposals, getMyProposals);
