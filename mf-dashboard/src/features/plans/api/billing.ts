import { FunctionsHttpError } from '@supabase/supabase-js';
import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { openHostedPage } from './open-hosted-page';

/** The caller's paid subscription as the provider's webhooks left it (user_subscriptions). */
export interface Billing {
  status: 'active' | 'past_due' | 'cancelled';
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  paid: boolean;
}

export const billingKey = (userId: string) => ['plans', 'billing', userId] as const;

export function useMyBilling(userId: string | undefined) {
  return useQuery({
    queryKey: billingKey(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async (): Promise<Billing | null> => {
      const supabase = await getSupabaseClient();
      const { data, error } = await supabase
        .from('user_subscriptions')
        .select('status, cancel_at_period_end, current_period_end, stripe_subscription_id')
        .eq('user_id', userId ?? '')
        .maybeSingle();
      if (error) throw toAppError(error);
      if (!data) return null;
      return {
        status: data.status as Billing['status'],
        cancelAtPeriodEnd: data.cancel_at_period_end,
        currentPeriodEnd: data.current_period_end,
        paid: data.stripe_subscription_id !== null,
      };
    },
  });
}

/** Calls the payments function; its refusal's own words become the error. */
async function callPayments(body: Record<string, unknown>): Promise<{ url: string }> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.functions.invoke<{ url: string }>('payments', { body });
  if (error instanceof FunctionsHttpError) {
    const answer = (await (error.context as Response).json().catch(() => ({}))) as {
      error?: string;
    };
    throw toAppError(answer.error ?? 'Payments are unavailable right now. Please try again.');
  }
  if (error || data === null) throw toAppError(error ?? 'The payments service answered nothing.');
  return data;
}

const go = (url: string) => openHostedPage(url);

/** Opens the provider's subscription checkout for a plan with a monthly price. */
export function useSubscribe() {
  return useMutation({
    mutationFn: (plan: string) => callPayments({ action: 'subscribe', plan }),
    onSuccess: ({ url }) => go(url),
  });
}

/** Opens the provider's customer portal: change card, cancel at the end of the period. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: () => callPayments({ action: 'billing-portal' }),
    onSuccess: ({ url }) => go(url),
  });
}
