import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ADMIN_CHECK_RETRY,
  ADMIN_CHECK_STALE_TIME,
  adminCheckKey,
  fetchAdminCheck,
  getSupabaseClient,
  useSession,
} from '@promatch/shared';

/** The admin check's query, under the key and with the cache rules the shell uses at sign-in. */
export const adminCheckOptions = (userId: string) =>
  queryOptions({
    queryKey: adminCheckKey(userId),
    staleTime: ADMIN_CHECK_STALE_TIME,
    retry: ADMIN_CHECK_RETRY,
    queryFn: async () => fetchAdminCheck(await getSupabaseClient(), userId),
  });

/**
 * The signed-in user's active admin_users row, sharing the answer the shell fills at sign-in, so
 * the management portal and the testing portal usually open without a request. `signedIn` tells
 * a signed-out visitor (no query runs) from an answer still on its way.
 */
export function useAdminCheck() {
  const userId = useSession((state) => state.user?.id ?? null);
  const query = useQuery({
    ...adminCheckOptions(userId ?? 'signed-out'),
    enabled: userId !== null,
  });
  return { ...query, signedIn: userId !== null };
}
