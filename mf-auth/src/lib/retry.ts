/** Login, registration and similar actions retry up to 2 times, 1 s × attempt (decision 0012). */
export const AUTH_RETRIES = 2;
export const AUTH_RETRY_STEP_MS = 1000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `action`, retrying transient failures only. A wrong password or a rate-limit answer is
 * final: repeating it would only lock the account out faster.
 */
export async function withRetries<T>(
  action: () => Promise<T>,
  isTransient: (error: unknown) => boolean,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await action();
    } catch (error) {
      if (attempt >= AUTH_RETRIES || !isTransient(error)) throw error;
      await wait(AUTH_RETRY_STEP_MS * (attempt + 1));
    }
  }
}

interface ErrorShape {
  name?: unknown;
  status?: unknown;
  message?: unknown;
}

/** Network failures and 5xx answers (supabase-js AuthRetryableFetchError) are worth repeating. */
export function isTransientAuthError(error: unknown): boolean {
  const shape = (error ?? {}) as ErrorShape;
  if (shape.name === 'AuthRetryableFetchError') return true;
  if (typeof shape.status === 'number' && shape.status >= 500) return true;
  return shape.message === 'Failed to fetch' || shape.message === 'Network request failed';
}
