import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@promatch/shared/validation';
import { planKeys } from '../../../lib/plan-usage';
import { projectKeys } from './keys';
import type { ProposalStatus } from './types';

export const proposalSchema = z.object({
  cover_letter: z
    .string()
    .trim()
    .min(20, 'Write a cover note of at least 20 characters')
    .max(10_000),
  proposed_rate: z.coerce
    .number({ message: 'Enter your rate in whole pounds' })
    .int('Enter your rate in whole pounds')
    .min(1, 'Enter your rate in whole pounds')
    .max(10_000_000),
  availability: z.string().trim().min(2, 'Say when you can start').max(500),
});
export type ProposalInput = z.input<typeof proposalSchema>;
export type ProposalValues = z.output<typeof proposalSchema>;

/**
 * Sends a proposal. The database counts it against the plan's monthly applications in the same
 * transaction and refuses it at the limit with a message naming the limit and the plan.
 */
export async function submitProposal(
  input: ProposalValues & { project_id: string; professional_id: string },
) {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.from('project_applications').insert(input);
  if (error) throw toAppError(error);
}

export function useSubmitProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitProposal,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      await queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}

/** The business shortlists, declines or hires (accepted); the applicant may withdraw. */
export async function setProposalStatus(input: { id: string; status: ProposalStatus }) {
  const supabase = await getSupabaseClient();
  const { error } = await supabase
    .from('project_applications')
    .update({ status: input.status })
    .eq('id', input.id);
  if (error) throw toAppError(error);
}

export function useSetProposalStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProposalStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
