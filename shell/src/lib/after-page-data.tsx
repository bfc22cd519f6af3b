import { afterPageData } from '@promatch/shared';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` only once the page's own data has settled (afterPageData): for what asks the
 * backend for something the page does not show (the header's counts, the announcement, presence),
 * so the page's requests are first in the backend's queue.
 */
export function AfterPageData({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterPageData(() => setReady(true)), []);
  return ready ? children : null;
}
