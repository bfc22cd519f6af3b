import { getSupabaseClient, toAppError } from '@promatch/shared';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type PayoutStatus = 'pending' | 'restricted' | 'enabled';
export type MilestoneStatus =
  | 'draft'
  | 'funded'
  | 'delivered'
  | 'approved'
  | 'released'
  | 'cancelled'
  | 'refund_pending'
  | 'refunded'
  | 'disputed';

export interface Milestone {
  id: string;
  project_id: string;
  business_id: string;
  professional_id: string;
  amount_pence: number;
  description: string;
  due_date: string | null;
  fee_rate: number;
  status: MilestoneStatus;
  refund_requested_by: string | null;
  /** When a funded or delivered milestone goes back to the business unless approved first. */
  auto_refund_at: string | null;
  refund_cause: 'not_approved_in_time' | null;
  project_title: string;
}

export interface Movement {
  id: number;
  kind: 'charge' | 'fee' | 'transfer' | 'refund' | 'payout';
  amount_pence: number;
  milestone_id: string | null;
  created_at: string;
}

export const paymentKeys = {
  all: ['payments'] as const,
  account: (userId: string) => ['payments', 'account', userId] as const,
  milestones: (userId: string) => ['payments', 'milestones', userId] as const,
  ledger: (userId: string) => ['payments', 'ledger', userId] as const,
};

/** The signed-in professional's payout account status, or null before setup started. */
export function usePayoutAccount(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.account(userId),
    enabled,
    queryFn: async (): Promise<PayoutStatus | null> => {
      const supabase = await getSupabaseClient();
      const { data, error } = await supabase
        .from('payout_accounts')
        .select('status')
        .eq('user_id', userId)
        .maybeSingle();
      if (error) throw toAppError(error);
      return (data?.status as PayoutStatus | undefined) ?? null;
    },
  });
}

/** Milestones of the caller's hires (row-level security shows only their own), newest hire first. */
export function useMilestones(userId: string) {
  return useQuery({
    queryKey: paymentKeys.milestones(userId),
    queryFn: async (): Promise<Milestone[]> => {
      const supabase = await getSupabaseClient();
      const { data, error } = await supabase
        .from('milestones')
        .select(
          'id, project_id, business_id, professional_id, amount_pence, description, due_date, fee_rate, status, refund_requested_by, auto_refund_at, refund_cause, projects(title)',
        )
        .or(`business_id.eq.${userId},professional_id.eq.${userId}`)
        .order('created_at', { ascending: true });
      if (error) throw toAppError(error);
      return (data ?? []).map((row) => {
        const project = row.projects as { title?: string } | { title?: string }[] | null;
        const title = Array.isArray(project) ? project[0]?.title : project?.title;
        return {
          ...row,
          fee_rate: Number(row.fee_rate),
          status: row.status as MilestoneStatus,
          refund_cause: row.refund_cause as Milestone['refund_cause'],
          project_title: title ?? 'Project',
        };
      });
    },
  });
}

/** The caller's money movements in the ledger, newest first. */
export function useLedger(userId: string) {
  return useQuery({
    queryKey: paymentKeys.ledger(userId),
    queryFn: async (): Promise<Movement[]> => {
      const supabase = await getSupabaseClient();
      const { data, error } = await supabase
        .from('ledger_entries')
        .select('id, kind, amount_pence, milestone_id, created_at')
        .or(`business_id.eq.${userId},professional_id.eq.${userId}`)
        .order('id', { ascending: false })
        .limit(200);
      if (error) throw toAppError(error);
      return (data ?? []) as Movement[];
    },
  });
}

/** Calls the payments function; its refusal's own words become the error. */
async function callPayments<T>(body: Record<string, unknown>): Promise<T> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.functions.invoke<T>('payments', { body });
  if (error instanceof FunctionsHttpError) {
    const answer = (await (error.context as Response).json().catch(() => ({}))) as {
      error?: string;
    };
    throw toAppError(answer.error ?? 'Payments are unavailable right now. Please try again.');
  }
  if (error || data === null) throw toAppError(error ?? 'The payments service answered nothing.');
  return data;
}

/** Opens the provider's hosted page the function answered with (onboarding or checkout). */
const go = (url: string) => window.location.assign(url);

export function useStartOnboarding() {
  return useMutation({
    mutationFn: () => callPayments<{ url: string }>({ action: 'onboard' }),
    onSuccess: ({ url }) => go(url),
  });
}

export function useFundMilestone() {
  return useMutation({
    mutationFn: (milestoneId: string) =>
      callPayments<{ url: string }>({ action: 'fund', milestoneId }),
    onSuccess: ({ url }) => go(url),
  });
}

export function useApproveMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestoneId: string) => callPayments({ action: 'approve', milestoneId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** Either party asks to cancel a funded milestone; once both have, the business is refunded. */
export function useCancelAndRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestoneId: string) => callPayments({ action: 'cancel-and-refund', milestoneId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** A party's own step: mark delivered (professional) or cancel an unfunded milestone (business). */
export function useMilestoneStep(fn: 'mark_milestone_delivered' | 'cancel_milestone') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (milestoneId: string) => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.rpc(fn, { p_milestone: milestoneId });
      if (error) throw toAppError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
