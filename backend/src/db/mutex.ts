import { performance } from 'node:perf_hooks';
import { recordDatabaseTime, requestTimingEnabled } from '../http/request-timing.ts';

/** A FIFO async mutex: PGlite has one connection, so transactions must not interleave. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(work: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => next);
    const asked = requestTimingEnabled ? performance.now() : 0;
    await previous;
    const got = requestTimingEnabled ? performance.now() : 0;
    try {
      return await work();
    } finally {
      release();
      if (requestTimingEnabled) recordDatabaseTime(got - asked, performance.now() - got);
    }
  }
}
