import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates server-rendered markup, true otherwise (a page
 * rendered in the browser sees true on its first render). A server-rendered form keeps its
 * submit button disabled until then: submitted natively, before its code has arrived, it would
 * send what was typed as a plain request (a password in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
