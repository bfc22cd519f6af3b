import {
  ADMIN_CHECK_RETRY,
  ADMIN_CHECK_STALE_TIME,
  adminCheckKey,
  fetchAdminCheck,
  getSupabaseClient,
  useSession,
} from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';

/**
 * The admin check: the signed-in user's active admin_users row, cached 5 minutes with 1 retry,
 * under the same key the shell fills at sign-in, so the portal usually opens without a request.
 */
export function useAdminCheck() {
  const userId = useSession((state) => state.user?.id ?? null);
  const query = useQuery({
    queryKey: adminCheckKey(userId ?? 'signed-out'),
    enabled: userId !== null,
    staleTime: ADMIN_CHECK_STALE_TIME,
    retry: ADMIN_CHECK_RETRY,
    queryFn: async () => fetchAdminCheck(await getSupabaseClient(), userId ?? ''),
  });
  return { ...query, signedIn: userId !== null };
}
