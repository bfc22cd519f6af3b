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
 * The signed-in user's admin record, under the key the shell fills at sign-in and with its cache
 * rules, so the portal usually opens without a request.
 */
export function useAdminCheck() {
  const userId = useSession((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: adminCheckKey(userId ?? 'signed-out'),
    enabled: userId !== null,
    staleTime: ADMIN_CHECK_STALE_TIME,
    retry: ADMIN_CHECK_RETRY,
    queryFn: async () => fetchAdminCheck(await getSupabaseClient(), userId ?? ''),
  });
}
