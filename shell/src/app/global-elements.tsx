import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { AccessibilityStyles } from '../features/accessibility/accessibility-styles';
import { OfflineIndicator } from '../features/offline/offline-indicator';
import { captureInstallPrompt } from '../features/pwa/install-prompt-store';
import { whenIdle } from '../lib/when-idle';

/**
 * The elements on every page (skip links, banners, prompts, widgets). The accessibility styles
 * (so settings apply before the first paint), the install-event capture and the offline indicator
 * are in the first render; the rest (install prompt, performance widget, settings dialog, service
 * worker, analytics and presence) loads after it, when the browser is idle, to keep the shell's
 * first-render JavaScript within budget. The offline indicator cannot wait: a connection lost
 * before the idle moment would also stop the rest from loading, and the indicator with it.
 */
export function GlobalElements() {
  const [Extras, setExtras] = useState<ComponentType | null>(null);

  useEffect(() => {
    captureInstallPrompt();
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void import('./global-extras').then(
        (module) =>
          // A transition, so rendering the extras yields to the browser (see WhenIdle).
          !cancelled && startTransition(() => setExtras(() => module.GlobalExtras)),
        (error: unknown) => console.warn('[shell] global elements failed to load', error),
      );
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, []);

  return (
    <>
      <AccessibilityStyles />
      <OfflineIndicator />
      {Extras && <Extras />}
    </>
  );
}
