import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@promatch/shared/validation';
import { messagingKeys } from '../../../lib/query-keys';

export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam or unsolicited offers' },
  { value: 'harassment', label: 'Harassment or abuse' },
  { value: 'inappropriate', label: 'Inappropriate content' },
  { value: 'scam', label: 'Scam or fraud' },
  { value: 'other', label: 'Something else' },
] as const;

export const reportSchema = z.object({
  reason: z.enum(['spam', 'harassment', 'inappropriate', 'scam', 'other']),
  details: z.string().trim().max(2000, 'Details can be at most 2,000 characters.'),
});
export type ReportInput = z.infer<typeof reportSchema>;

/** Blocks or unblocks a user; the inbox refreshes either way. */
export function useSetBlocked(userId: string, partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (blocked: boolean) => {
      const client = await getSupabaseClient();
      const { error } = blocked
        ? await client.from('user_blocks').insert({ blocker_id: userId, blocked_id: partnerId })
        : await client
            .from('user_blocks')
            .delete()
            .eq('blocker_id', userId)
            .eq('blocked_id', partnerId);
      if (error) throw toAppError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingKeys.conversationList() }),
  });
}

/** Files a report for the moderation queue of the management portal. */
export function useReportUser(userId: string, partnerId: string, conversationId?: string) {
  return useMutation({
    mutationFn: async (input: ReportInput) => {
      const client = await getSupabaseClient();
      const { error } = await client.from('user_reports').insert({
        reporter_id: userId,
        reported_id: partnerId,
        conversation_id: conversationId ?? null,
        reason: input.reason,
        details: input.details || null,
      });
      if (error) throw toAppError(error);
    },
  });
}
