import { useSession } from '@promatch/shared';
import { useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * A panel's query as the signed-in user. The panel shows its own skeleton while `data` is
 * undefined (PanelLoading) and a failure is thrown to the panel's error boundary. Not a suspending
 * query: React shows content that replaces a Suspense fallback no sooner than 300 ms after the
 * last fallback appeared, which held every panel back by up to that long after its answer had
 * come (decision 0139; docs/benchmarks.md). The overview is only shown to a signed-in user, so
 * the id is always there.
 */
export function usePanelQuery<T>(
  key: (userId: string) => QueryKey,
  fetch: (userId: string) => Promise<T>,
) {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({ queryKey: key(userId), queryFn: () => fetch(userId), throwOnError: true });
}
