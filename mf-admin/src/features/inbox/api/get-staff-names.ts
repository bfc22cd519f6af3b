import { getSupabaseClient } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { staffKeys } from '../../../lib/query-keys';

export interface StaffMember {
  user_id: string;
  name: string;
}

/** Active staff, the people an item can be assigned to. */
export async function getStaffNames(): Promise<StaffMember[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('admin_users')
    .select('user_id, profiles(name)')
    .eq('is_active', true);
  if (error) throw toAdminError(error);
  return data.map((s) => ({ user_id: s.user_id, name: s.profiles?.name ?? s.user_id }));
}

export const staffNamesQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.names(), queryFn: getStaffNames });

export function useStaff() {
  return useQuery(staffNamesQueryOptions());
}
