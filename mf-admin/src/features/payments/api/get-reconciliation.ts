import { getSupabaseClient } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { paymentKeys } from '../../../lib/query-keys';

export type DriftProblem = 'missing_in_ledger' | 'missing_at_provider' | 'amount_differs';

export interface Drift {
  id: number;
  object: 'charge' | 'transfer' | 'refund';
  provider_id: string;
  problem: DriftProblem;
  ledger_pence: number | null;
  provider_pence: number | null;
  milestone_id: string | null;
}

/** The latest finished reconciliation of the ledger with the provider, and what it found. */
export interface Reconciliation {
  id: number;
  finished_at: string;
  window_start: string | null;
  window_end: string | null;
  checked: Partial<Record<Drift['object'], { provider: number; ledger: number }>>;
  drift_count: number;
  drifts: Drift[];
}

/** Null before the first run. Row-level security answers only staff with the payments area. */
export async function getReconciliation(): Promise<Reconciliation | null> {
  const client = await getSupabaseClient();
  const run = await client
    .from('payment_reconciliation_runs')
    .select('id, finished_at, window_start, window_end, checked, drift_count')
    .not('finished_at', 'is', null)
    .order('slot', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (run.error) throw toAdminError(run.error);
  if (!run.data) return null;
  const drifts = await client
    .from('payment_drifts')
    .select('id, object, provider_id, problem, ledger_pence, provider_pence, milestone_id')
    .eq('run_id', run.data.id)
    .order('id')
    .limit(500);
  if (drifts.error) throw toAdminError(drifts.error);
  return {
    ...run.data,
    finished_at: run.data.finished_at as string,
    checked: run.data.checked as Reconciliation['checked'],
    drifts: (drifts.data ?? []) as Drift[],
  };
}

export const reconciliationQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.reconciliation(), queryFn: getReconciliation });

export function useReconciliation() {
  return useQuery(reconciliationQueryOptions());
}
