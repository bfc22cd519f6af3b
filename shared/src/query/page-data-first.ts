/**
 * The page's own queries go to the backend before the shell's extras (its profile, admin and plan
 * look-ups, the header's counts and announcement, presence): on the embedded backend every
 * request queues on one database connection, so what is asked first is answered first, and the
 * page is what the visitor waits for (bench/dashboard-overview.mjs). A remote that prefetches its
 * page's data says when that data has arrived (or failed); the extras wait for that, then for the
 * main thread to be idle, and never start waiting past HOLD_UNTIL_MS after the navigation started
 * (a page that prefetches nothing, a signed-out visitor, a slow backend). State lives here because @promatch/shared is one module per page.
 */
const HOLD_UNTIL_MS = 1200;

/** How long a released wait may still wait for the main thread to be idle. */
const IDLE_AT_MOST_MS = 1000;

let released = false;
let releasing = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const waiting = new Set<() => void>();

function release(): void {
  if (released) return;
  released = true;
  if (timer !== undefined) clearTimeout(timer);
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}

/**
 * Releases once the main thread is idle: the page first draws what its data brought (on the
 * charting pages that is several hundred milliseconds of work), and the extras' code and
 * rendering do not compete with it.
 */
function releaseWhenIdle(): void {
  if (released || releasing) return;
  releasing = true;
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(release, { timeout: IDLE_AT_MOST_MS });
  else setTimeout(release, 0);
}

/**
 * Called by a remote once the current page's first data has arrived or failed (mf-dashboard also
 * waits until the page has drawn it).
 */
export function pageDataSettled(): void {
  releaseWhenIdle();
}

/**
 * Runs `callback` once the page's first data has settled, or HOLD_UNTIL_MS after the navigation
 * started, whichever comes first, and then the browser is idle (at most IDLE_AT_MOST_MS later);
 * at once when that has already happened. Returns a function that
 * cancels it.
 */
export function afterPageData(callback: () => void): () => void {
  if (released) {
    callback();
    return () => undefined;
  }
  waiting.add(callback);
  timer ??= setTimeout(releaseWhenIdle, Math.max(0, HOLD_UNTIL_MS - performance.now()));
  return () => {
    waiting.delete(callback);
  };
}

/** For tests: back to a page whose data has not settled. */
export function resetPageDataGate(): void {
  released = false;
  releasing = false;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  waiting.clear();
}
