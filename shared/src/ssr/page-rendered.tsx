import { useLayoutEffect } from 'react';
import { notifyPageRendered } from './server-rendered-page';

/**
 * Rendered beside a remote's routes inside their Suspense boundary, so it commits only once the
 * page itself has (never with a loading placeholder): the shell then shows the live page in place
 * of the server-rendered one.
 */
export function PageRendered() {
  useLayoutEffect(() => notifyPageRendered());
  return null;
}
