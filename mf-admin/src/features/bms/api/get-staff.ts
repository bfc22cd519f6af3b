import { getSupabaseClient, type Json } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { staffKeys } from '../../../lib/query-keys';

export interface StaffRow {
  user_id: string;
  role: 'admin' | 'super_admin';
  permissions: Record<string, boolean>;
  is_active: boolean;
  name: string;
}

const asFlags = (value: Json): Record<string, boolean> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v === true]))
    : {};

/** Every admin account, active or not, oldest first. */
export async function getStaff(): Promise<StaffRow[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('admin_users')
    .select('user_id, role, permissions, is_active, profiles(name)')
    .order('created_at');
  if (error) throw toAdminError(error);
  return data.map((row) => ({
    user_id: row.user_id,
    role: row.role === 'super_admin' ? 'super_admin' : 'admin',
    permissions: asFlags(row.permissions),
    is_active: row.is_active,
    name: row.profiles?.name ?? row.user_id,
  }));
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.rows(), queryFn: getStaff });

export function useStaffRows() {
  return useQuery(staffQueryOptions());
}
