/**
 * Runs `pass` every `intervalMs` until the returned function stops it: one pass at a time (a slow
 * pass skips the ticks that fall inside it rather than piling up), errors logged with `label` and
 * retried on the next tick, and the timer never keeps the process alive on its own. Each job
 * claims its work in the database, so several instances may run the same loop.
 */
export function every(label: string, intervalMs: number, pass: () => Promise<unknown>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass()
      .catch((error: unknown) => console.error(`[backend] ${label} failed:`, error))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
