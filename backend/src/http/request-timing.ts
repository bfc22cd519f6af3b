import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * An opt-in log of where each request's server time went, for the benches: set
 * REQUEST_TIMING_LOG to a file and every request appends one JSON line with its method, path,
 * start and end (ms since the process started), the time its statements spent waiting for the
 * database's one connection, and the time they held it. Off (and free) when the variable is unset.
 * The embedded database runs one statement at a time, so "queued" says how much of a slow answer
 * was other requests' work rather than this request's own.
 */
interface Timing {
  queued: number;
  db: number;
}

const LOG_FILE = process.env.REQUEST_TIMING_LOG ?? '';
const store = LOG_FILE ? new AsyncLocalStorage<Timing>() : null;

export const requestTimingEnabled = store !== null;

/** Runs one request's handling, and logs its timing when the log is on. */
export async function timeRequest<T>(
  method: string,
  path: string,
  handle: () => Promise<T>,
): Promise<T> {
  if (!store) return handle();
  const timing: Timing = { queued: 0, db: 0 };
  const start = performance.now();
  try {
    return await store.run(timing, handle);
  } finally {
    const line = {
      method,
      path,
      start: Math.round(start * 10) / 10,
      end: Math.round(performance.now() * 10) / 10,
      queued: Math.round(timing.queued * 10) / 10,
      db: Math.round(timing.db * 10) / 10,
    };
    appendFileSync(LOG_FILE, `${JSON.stringify(line)}\n`);
  }
}

/** Adds a statement's wait for the connection and its time holding it to the current request. */
export function recordDatabaseTime(queued: number, held: number): void {
  const timing = store?.getStore();
  if (!timing) return;
  timing.queued += queued;
  timing.db += held;
}
