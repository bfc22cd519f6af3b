import { getSupabaseClient, type Tables } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { auditKeys } from '../../../lib/query-keys';

export type AuditEntry = Tables<'admin_audit_log'> & { actor_name: string | null };

/** The latest 200 audit entries, of one target type or all, with each actor's name. */
export async function getAuditLog(targetType: string): Promise<AuditEntry[]> {
  const client = await getSupabaseClient();
  let query = client
    .from('admin_audit_log')
    .select('*')
    .order('occurred_at', { ascending: false })
    .limit(200);
  if (targetType) query = query.eq('target_type', targetType);
  const { data, error } = await query;
  if (error) throw toAdminError(error);
  // No foreign key ties the log to profiles (history outlives users), so names come apart.
  const actorIds = [...new Set(data.flatMap((e) => (e.actor_id ? [e.actor_id] : [])))];
  const names = new Map<string, string>();
  if (actorIds.length > 0) {
    const people = await client.from('profiles').select('id, name').in('id', actorIds);
    for (const p of people.data ?? []) names.set(p.id, p.name);
  }
  return data.map((e) => ({
    ...e,
    actor_name: e.actor_id ? (names.get(e.actor_id) ?? null) : null,
  }));
}

export const auditLogQueryOptions = (targetType: string) =>
  queryOptions({ queryKey: auditKeys.list(targetType), queryFn: () => getAuditLog(targetType) });

export function useAuditLog(targetType: string) {
  return useQuery(auditLogQueryOptions(targetType));
}
