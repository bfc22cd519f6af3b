/** Served from the shell's public folder; see that file for what it loads and why. */
export const INTL_WARM_UP_SCRIPT = '/intl-warm-up.js';

/**
 * Starts a worker that loads the browser's locale (ICU) data on another thread while the page's
 * code downloads, so the page's first price, count or date does not load it on the main thread
 * (25-70 ms on this project's 2 vCPU machines, four times that on Lighthouse's emulated phone).
 * Started by the shell's entry, after the first paint: started from the document's head, the
 * worker's start-up delayed the first paint in two of three Lighthouse runs (docs/benchmarks.md).
 */
export function startIntlWarmUp(): void {
  if (typeof Worker === 'undefined') return;
  try {
    new Worker(INTL_WARM_UP_SCRIPT);
  } catch (error) {
    // Workers blocked: the page loads the locale data itself the first time it needs it.
    console.debug('[intl] warm-up worker not started', error);
  }
}
