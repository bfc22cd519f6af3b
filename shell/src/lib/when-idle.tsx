import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** How long a task waits for idle time at most, so a page that is never idle still gets it. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` in its own task when the browser is idle (or after a short delay where
 * requestIdleCallback is missing). Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * Renders `children` only once the browser has been idle after the first render (hydration
 * included): for what the first screen does not need (cookie banner, toaster). The server and
 * the first render in the browser both draw nothing here, so hydration matches. Rendered as a
 * transition: an ordinary update renders in one task, however long, and these land while the
 * page is still becoming interactive.
 */
export function WhenIdle({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setReady(true))), []);
  return ready ? children : null;
}
