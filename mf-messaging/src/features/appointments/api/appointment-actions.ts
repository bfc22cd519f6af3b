import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@promatch/shared/validation';
import { messagingKeys } from '../../../lib/query-keys';
import type { AppointmentRow } from '../utils/appointment-state';

export const DURATIONS = [15, 30, 45, 60, 90, 120] as const;

export const proposalSchema = z.object({
  times: z
    .array(z.string().datetime({ offset: true }))
    .min(1, 'Propose at least one time.')
    .max(3, 'Propose at most three times.'),
  durationMinutes: z.number().int().min(15).max(240),
  note: z.string().trim().max(1000, 'A note can be at most 1,000 characters.'),
});
export type ProposalInput = z.infer<typeof proposalSchema>;

export const cancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason for cancelling.')
    .max(500, 'A reason can be at most 500 characters.'),
});

type Action =
  | { kind: 'propose'; with: string; proposal: ProposalInput }
  | { kind: 'propose-other'; id: string; proposal: ProposalInput }
  | { kind: 'accept'; id: string; startsAt: string }
  | { kind: 'decline'; id: string }
  | { kind: 'cancel'; id: string; reason: string };

/** One call to the database function behind each action; its errors are the user-facing ones. */
async function run(action: Action): Promise<AppointmentRow> {
  const client = await getSupabaseClient();
  const call = () => {
    switch (action.kind) {
      case 'propose':
        return client.rpc('propose_appointment', {
          p_with: action.with,
          p_times: action.proposal.times,
          p_duration_minutes: action.proposal.durationMinutes,
          p_note: action.proposal.note,
        });
      case 'propose-other':
        return client.rpc('propose_other_times', {
          p_appointment_id: action.id,
          p_times: action.proposal.times,
          p_duration_minutes: action.proposal.durationMinutes,
          p_note: action.proposal.note,
        });
      case 'accept':
        return client.rpc('accept_appointment', {
          p_appointment_id: action.id,
          p_starts_at: action.startsAt,
        });
      case 'decline':
        return client.rpc('decline_appointment', { p_appointment_id: action.id });
      case 'cancel':
        return client.rpc('cancel_appointment', {
          p_appointment_id: action.id,
          p_reason: action.reason,
        });
    }
  };
  const { data, error } = await call().single<AppointmentRow>();
  if (error) throw toAppError(error);
  return data;
}

/**
 * Every appointment action; afterwards the thread's and the upcoming lists refresh, and the inbox
 * too (a first proposal creates the pair's conversation), before the caller's promise settles.
 */
export function useAppointmentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagingKeys.appointments() }),
        queryClient.invalidateQueries({ queryKey: messagingKeys.conversationList() }),
      ]),
  });
}
