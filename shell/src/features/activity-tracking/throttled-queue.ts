/** Activity events are sent at most one per second, so tracking never floods the backend. */
const EVENT_INTERVAL_MS = 1000;
/** Beyond this many waiting events the oldest are dropped: analytics must never grow unbounded. */
export const MAX_QUEUED_EVENTS = 50;

export interface ThrottledQueue<T> {
  push(item: T): void;
  /** Takes everything still waiting (for the unload beacon) and stops sending. */
  drain(): T[];
  stop(): void;
}

/**
 * Sends at most one item per `intervalMs`; items arriving faster wait their turn (none is
 * lost unless more than `maxQueued` pile up).
 */
export function createThrottledQueue<T>(
  send: (item: T) => void,
  intervalMs = EVENT_INTERVAL_MS,
  maxQueued = MAX_QUEUED_EVENTS,
): ThrottledQueue<T> {
  const waiting: T[] = [];
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const sendNext = () => {
    timer = undefined;
    const item = waiting.shift();
    if (item === undefined || stopped) return;
    lastSentAt = Date.now();
    send(item);
    schedule();
  };

  function schedule() {
    if (timer !== undefined || waiting.length === 0 || stopped) return;
    const wait = Math.max(0, lastSentAt + intervalMs - Date.now());
    timer = setTimeout(sendNext, wait);
  }

  return {
    push(item) {
      if (stopped) return;
      waiting.push(item);
      if (waiting.length > maxQueued) waiting.shift();
      schedule();
    },
    drain() {
      this.stop();
      return waiting.splice(0);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
