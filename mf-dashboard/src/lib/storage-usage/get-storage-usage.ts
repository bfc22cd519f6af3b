import { getSupabaseClient, toAppError, useSession } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { storageUsageKeys } from './keys';

export interface StorageUsage {
  usedBytes: number;
  /** The plan's allowance in bytes; null when the plan is unlimited. */
  limitBytes: number | null;
}

/** What the user stores (every bucket, as the upload quota counts it) against their plan. */
export async function getStorageUsage(): Promise<StorageUsage> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('my_storage_usage');
  if (error) throw toAppError(error);
  const row = data?.[0];
  const limitMb = row?.limit_mb ?? -1;
  return {
    usedBytes: Number(row?.used_bytes ?? 0),
    limitBytes: limitMb < 0 ? null : limitMb * 1024 * 1024,
  };
}

export function useStorageUsage() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({
    queryKey: storageUsageKeys.detail(userId),
    queryFn: getStorageUsage,
    enabled: userId !== '',
  });
}
