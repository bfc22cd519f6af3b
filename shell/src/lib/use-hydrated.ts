import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates server-rendered markup (and on the server), true otherwise. A value
 * only the browser knows (a stored preference) is shown once this is true, so the first render
 * in the browser matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
