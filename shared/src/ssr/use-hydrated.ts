import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered-page';
import { startTransition, useEffect, useState } from 'react';

/**
 * True in the browser once #root no longer holds the server's page (a page rendered in the
 * browser, or hydrated and handed over); false on the server and while the server's page is
 * being hydrated.
 */
function liveFromTheStart(): boolean {
  if (typeof document === 'undefined') return false;
  return document.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) !== true;
}

/**
 * False while React hydrates server-rendered markup (and on the server), true otherwise. A value
 * only the browser knows (a stored preference) is shown once this is true, so the first render
 * in the browser matches the server's HTML; a server-rendered form keeps its submit button
 * disabled until then (sent natively before its code has arrived, it would put what was typed,
 * a password too, in the address). A page rendered in the browser sees true on its first
 * render; a hydrated one turns true just after hydrating, in a transition. (A
 * `useSyncExternalStore` whose server value differs from the browser's does the same, but React
 * then renders the component again synchronously, in the same task as hydration's effects: one
 * long task more on every server-rendered page.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(liveFromTheStart);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
