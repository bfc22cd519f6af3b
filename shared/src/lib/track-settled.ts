/** A promise carrying the fields React's `use` reads once it has settled. */
export type Tracked<T> = Promise<T> & {
  status?: 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

/**
 * Marks `promise` with `status` and `value` (or `reason`) when it settles, as React does for a
 * promise it has seen. `use()` on a marked promise returns (or throws) at once instead of
 * suspending for one round: React holds back content revealed after a Suspense fallback until
 * 300 ms after that fallback showed, so code that has already loaded would otherwise wait.
 */
export function trackSettled<T>(promise: Promise<T>): Tracked<T> {
  const tracked: Tracked<T> = promise;
  tracked.then(
    (value) => {
      Object.assign(tracked, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(tracked, { status: 'rejected', reason });
    },
  );
  return tracked;
}
