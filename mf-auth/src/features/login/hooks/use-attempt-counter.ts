import { useCallback, useEffect, useState } from 'react';
import {
  clearAttempts,
  FREE_FAILURES,
  readAttempts,
  recordFailure,
  remainingWait,
  type Attempts,
} from '../utils/attempt-counter';

export interface AttemptCounter {
  failures: number;
  /** Whole seconds still to wait before the form may be sent (0: it may). */
  waitSeconds: number;
  /** Whether repeated failures now ask for something more (the captcha or a wait). */
  repeated: boolean;
  fail(): void;
  succeed(): void;
}

/**
 * The sign-in page's failure count, read after hydration (the server has no localStorage) and
 * ticking once a second while a wait runs. With a captcha the wait is not imposed: the captcha
 * is asked for again on every attempt instead.
 */
export function useAttemptCounter(captchaRequired: boolean): AttemptCounter {
  const [attempts, setAttempts] = useState<Attempts>({ failures: 0, lastFailureAt: 0 });
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => setAttempts(readAttempts()), []);

  const waitMs = captchaRequired ? 0 : remainingWait(attempts, now);
  // The clock ticks only while a wait runs.
  const waiting = waitMs > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  const fail = useCallback(() => {
    const next = recordFailure();
    setAttempts(next);
    setNow(next.lastFailureAt);
  }, []);
  const succeed = useCallback(() => {
    clearAttempts();
    setAttempts({ failures: 0, lastFailureAt: 0 });
  }, []);

  return {
    failures: attempts.failures,
    waitSeconds: Math.ceil(waitMs / 1000),
    repeated: attempts.failures >= FREE_FAILURES,
    fail,
    succeed,
  };
}
