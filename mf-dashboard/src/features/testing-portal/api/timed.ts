/** What one check found: passed or not, how long it took, and a sentence on what was seen. */
export interface CheckResult {
  ok: boolean;
  ms: number;
  detail: string;
}

/** Milliseconds to one decimal, from the page's high-resolution clock. */
const since = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/** A failure's message, or a stated timeout. */
export const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Rejects after `ms`, so a check that hangs fails with a reason instead of spinning for ever. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} gave no answer in ${ms / 1000} s`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Runs a check, timing it; a thrown error is a failure with its message. */
export async function timed(run: () => Promise<string>): Promise<CheckResult> {
  const started = performance.now();
  try {
    const detail = await run();
    return { ok: true, ms: since(started), detail };
  } catch (error) {
    return { ok: false, ms: since(started), detail: reason(error) };
  }
}
