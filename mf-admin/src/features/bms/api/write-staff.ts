import { getSupabaseClient, toast } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { auditKeys, staffKeys } from '../../../lib/query-keys';
import type { StaffRow } from './get-staff';

export type StaffChange =
  | { kind: 'grant'; userId: string }
  | { kind: 'update'; userId: string; patch: Partial<Omit<StaffRow, 'user_id' | 'name'>> }
  | { kind: 'revoke'; userId: string };

/** Writes go straight to admin_users: its policies let only super admins write, and a trigger audits. */
export async function writeStaff(change: StaffChange): Promise<void> {
  const client = await getSupabaseClient();
  const staff = client.from('admin_users');
  const { error } =
    change.kind === 'grant'
      ? await staff.insert({ user_id: change.userId, role: 'admin', permissions: {} })
      : change.kind === 'update'
        ? await staff.update(change.patch).eq('user_id', change.userId)
        : await staff.delete().eq('user_id', change.userId);
  if (error) throw toAdminError(error);
}

/** admin_users feeds the staff table and the inbox's list of assignees; the write is audited. */
export function useStaffWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeStaff,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
    onError: (error) =>
      toast({
        title: 'Could not change staff',
        description: error.message,
        variant: 'destructive',
      }),
  });
}
