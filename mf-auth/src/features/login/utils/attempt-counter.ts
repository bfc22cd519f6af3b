/**
 * Failed sign-ins in this browser, kept in localStorage so a reload does not reset them. It is
 * this browser's own count, not the account's: nobody else can run it up, so it cannot lock
 * anyone out of their account (the server's own limits work per address and account).
 */
const KEY = 'promatch:sign-in-failures';

/** Failures allowed before the counter asks for the captcha or a wait. */
export const FREE_FAILURES = 3;
/** The first wait; each further failure doubles it, up to the maximum. */
export const FIRST_WAIT_MS = 5_000;
export const MAX_WAIT_MS = 5 * 60_000;
/** A day without a failure forgets the count. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

export interface Attempts {
  failures: number;
  /** When the last failure happened (ms since the epoch). */
  lastFailureAt: number;
}

const NONE: Attempts = { failures: 0, lastFailureAt: 0 };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readAttempts(now = Date.now()): Attempts {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return NONE;
    const value = JSON.parse(raw) as Partial<Attempts>;
    const failures = Number(value.failures);
    const lastFailureAt = Number(value.lastFailureAt);
    if (!Number.isFinite(failures) || !Number.isFinite(lastFailureAt)) return NONE;
    if (now - lastFailureAt > FORGET_AFTER_MS) return NONE;
    return { failures: Math.max(0, Math.floor(failures)), lastFailureAt };
  } catch {
    return NONE;
  }
}

export function recordFailure(now = Date.now()): Attempts {
  const next = { failures: readAttempts(now).failures + 1, lastFailureAt: now };
  storage()?.setItem(KEY, JSON.stringify(next));
  return next;
}

export function clearAttempts(): void {
  storage()?.removeItem(KEY);
}

/** How long after the last failure the next attempt must wait (0 while failures are free). */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

/** Milliseconds still to wait before the next attempt. */
export function remainingWait(attempts: Attempts, now = Date.now()): number {
  return Math.max(0, attempts.lastFailureAt + waitAfter(attempts.failures) - now);
}
