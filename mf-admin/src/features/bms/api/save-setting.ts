import { getSupabaseClient } from '@promatch/shared';
import { featureFlagsKey } from '@promatch/shared/feature-flags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { auditKeys, settingKeys } from '../../../lib/query-keys';
import type { Setting } from './get-settings';

export interface SettingChange {
  key: string;
  patch: Partial<Setting>;
  isNew: boolean;
}

/** Writes go straight to the table: RLS lets only super admins write, and a trigger audits. */
export async function saveSetting(change: SettingChange): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = change.isNew
    ? await client
        .from('system_settings')
        .insert({ key: change.key, description: '', ...change.patch })
    : await client.from('system_settings').update(change.patch).eq('key', change.key);
  if (error) throw toAdminError(error);
}

export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSetting,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingKeys.all });
      // this browser picks the change up at once; others within the flags' cache time.
      await queryClient.invalidateQueries({ queryKey: featureFlagsKey });
      await queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
