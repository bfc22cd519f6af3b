import { useAccessibilitySettings, VisuallyHidden } from '@promatch/shared';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** Remotes set their title once rendered; waiting a moment announces the new page's title. */
const TITLE_SETTLE_MS = 600;

/**
 * With screen-reader optimisations on, every client-side navigation is announced by the new
 * page's title (a full page load announces itself; a route change does not).
 */
export function RouteAnnouncer() {
  const { screenReaderOptimizations } = useAccessibilitySettings();
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!screenReaderOptimizations) return;
    const timer = setTimeout(() => setMessage(`Navigated to ${document.title}`), TITLE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [pathname, screenReaderOptimizations]);

  if (!screenReaderOptimizations) return null;
  return (
    <VisuallyHidden role="status" aria-live="polite">
      {message}
    </VisuallyHidden>
  );
}
