import { getSupabaseClient, toAppError } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** One row of public.retention_policies: the same rows the retention job deletes by. */
export interface RetentionPolicy {
  category: string;
  label: string;
  period_count: number | null;
  period_unit: 'day' | 'month' | null;
  note: string;
  legal_basis: string;
}

export async function fetchRetentionPolicies(): Promise<RetentionPolicy[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('retention_policies')
    .select('category,label,period_count,period_unit,note,legal_basis')
    .order('position');
  if (error) throw toAppError(error);
  return (data ?? []).map((row) => ({
    ...row,
    period_unit: row.period_unit === 'day' || row.period_unit === 'month' ? row.period_unit : null,
  }));
}

export const retentionKeys = { all: ['retention-policies'] as const };

export const retentionQueryOptions = () =>
  queryOptions({ queryKey: retentionKeys.all, queryFn: fetchRetentionPolicies });
export const useRetentionPolicies = () => useQuery(retentionQueryOptions());
