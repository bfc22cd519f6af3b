import { getSupabaseClient } from '@promatch/shared';
import { activePlansQuery } from '@promatch/shared/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { auditKeys, planKeys, userKeys } from '../../../lib/query-keys';
import type { Plan } from './get-subscription-plans';

export async function savePlan({ id, patch }: { id: string; patch: Partial<Plan> }): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client.from('subscription_plans').update(patch).eq('id', id);
  if (error) throw toAdminError(error);
}

/**
 * The plans and their history change, a trigger audits the write, a user's page shows their
 * plan's name and platform fee, and the plans on offer (pricing, registration, the dashboard's
 * plans page) share the page's query client.
 */
export function useSavePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Plan>) => savePlan({ id, patch }),
    onSuccess: () =>
      Promise.all(
        [planKeys.all, auditKeys.all, userKeys.details(), activePlansQuery().queryKey].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
