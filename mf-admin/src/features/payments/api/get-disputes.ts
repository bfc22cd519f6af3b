import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { paymentKeys } from '../../../lib/query-keys';

/** One disputed milestone as admin_payment_disputes answers it. */
export interface DisputedMilestone {
  id: string;
  project_id: string;
  project_title: string | null;
  description: string;
  amount_pence: number;
  disputed_from: 'funded' | 'delivered' | 'approved' | null;
  reason: string | null;
  opened_at: string | null;
  /** Which party opened it; null for disputes opened before this was recorded. */
  opened_by: 'business' | 'professional' | 'other' | null;
  business: { id: string; name: string | null };
  professional: { id: string; name: string | null };
}

export function getDisputes(): Promise<DisputedMilestone[]> {
  return callAdminRpc<DisputedMilestone[]>('admin_payment_disputes', {});
}

export const disputesQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.disputes(), queryFn: getDisputes });

export function useDisputes() {
  return useQuery(disputesQueryOptions());
}
