import {
  ADMIN_CHECK_RETRY,
  ADMIN_CHECK_STALE_TIME,
  adminCheckKey,
  fetchAdminCheck,
  getSupabaseClient,
  useSession,
} from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The admin check's query, under the key and with the cache rules the shell uses at sign-in. */
export const adminCheckOptions = (userId: string) =>
  queryOptions({
    queryKey: adminCheckKey(userId),
    staleTime: ADMIN_CHECK_STALE_TIME,
    retry: ADMIN_CHECK_RETRY,
    queryFn: async () => fetchAdminCheck(await getSupabaseClient(), userId),
  });

/**
 * The signed-in user's admin record, sharing the shell's answer, so the portal usually opens
 * without a request.
 */
export function useAdminCheck() {
  const userId = useSession((state) => state.user?.id ?? null);
  return useQuery({ ...adminCheckOptions(userId ?? 'signed-out'), enabled: userId !== null });
}
