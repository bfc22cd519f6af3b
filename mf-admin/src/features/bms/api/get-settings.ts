import { getSupabaseClient, type Tables } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';
import { settingKeys } from '../../../lib/query-keys';

export type Setting = Tables<'system_settings'>;

/** Every system setting (feature flag), public or not, by key. */
export async function getSettings(): Promise<Setting[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client.from('system_settings').select('*').order('key');
  if (error) throw toAdminError(error);
  return data;
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingKeys.all, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
