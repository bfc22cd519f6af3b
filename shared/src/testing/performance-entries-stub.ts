export interface StubbedEntries {
  /** The visitor's first input: FID is processingStart minus startTime. */
  firstInput?: { startTime: number; processingStart: number };
  /** The navigation entry's end of the load event, in ms since navigation start. */
  loadEventEnd?: number;
}

/**
 * jsdom has neither PerformanceObserver nor navigation timing. This stands in for the browser's
 * `first-input` and `navigation` entries, the ones FID and the load time are read from, so a test
 * decides what the visit measured. Returns a function that puts the originals back.
 */
export function stubPerformanceEntries({ firstInput, loadEventEnd }: StubbedEntries): () => void {
  const originalObserver = globalThis.PerformanceObserver;
  const originalGetEntries = performance.getEntriesByType;
  class FirstInputObserver {
    static readonly supportedEntryTypes = firstInput ? ['first-input'] : [];
    private timer: ReturnType<typeof setTimeout> | undefined;
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe({ type }: PerformanceObserverInit) {
      if (type !== 'first-input' || !firstInput) return;
      const list = { getEntries: () => [firstInput] } as unknown as PerformanceObserverEntryList;
      // Like the browser: entries arrive in a later task, and never after disconnect().
      this.timer = setTimeout(() => this.callback(list, this as unknown as PerformanceObserver));
    }
    disconnect() {
      clearTimeout(this.timer);
    }
  }
  globalThis.PerformanceObserver = FirstInputObserver as unknown as typeof PerformanceObserver;
  performance.getEntriesByType = ((type: string) =>
    type === 'navigation' && loadEventEnd !== undefined
      ? [{ loadEventEnd } as PerformanceNavigationTiming]
      : []) as typeof performance.getEntriesByType;
  return () => {
    globalThis.PerformanceObserver = originalObserver;
    performance.getEntriesByType = originalGetEntries;
  };
}
