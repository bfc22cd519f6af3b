import { useSession } from '@promatch/shared';
import { useSuspenseQuery, type QueryKey } from '@tanstack/react-query';

/**
 * A panel's query as the signed-in user: it suspends (the panel shows its skeleton) until the
 * answer comes and throws a failure to the panel's error boundary. The overview is only shown
 * to a signed-in user, so the id is always there.
 */
export function usePanelQuery<T>(
  key: (userId: string) => QueryKey,
  fetch: (userId: string) => Promise<T>,
) {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useSuspenseQuery({ queryKey: key(userId), queryFn: () => fetch(userId) });
}
