import { getSupabaseClient, toAppError, useSession, type UserSubscription } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planKeys } from '../../../lib/plan-usage';

/** Moves the caller to another plan at once (rpc change_my_plan; no payment is taken). */
export async function changePlan(planType: string): Promise<UserSubscription> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('change_my_plan', { p_plan: planType });
  if (error) throw toAppError(error);
  const row = data?.[0];
  if (!row) throw toAppError('The plan could not be changed.');
  return {
    plan_type: row.plan_type === 'pro' ? 'pro' : 'free',
    plan_name: row.plan_name,
    features: row.features as Record<string, boolean>,
    limits: row.limits as Record<string, number>,
    commission_rate: Number(row.commission_rate),
  };
}

/** Changes the plan and puts it in the federated store, so every remote sees it at once. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  const setSession = useSession((state) => state.setSession);
  return useMutation({
    mutationFn: changePlan,
    onSuccess: async (subscription) => {
      setSession({ subscription });
      await queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
