import {
  clearAttempts,
  MAX_WAIT_MS,
  readAttempts,
  recordFailure,
  remainingWait,
  waitAfter,
} from './attempt-counter';

describe('the sign-in failure counter of this browser', () => {
  beforeEach(() => window.localStorage.clear());

  it('lets three failures pass, then doubles the wait from 5 s up to 5 minutes', () => {
    expect([0, 1, 2].map(waitAfter)).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map(waitAfter)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(waitAfter(30)).toBe(MAX_WAIT_MS);
  });

  it('counts failures across reloads, measures the wait from the last one, and forgets after a day', () => {
    const start = 1_000_000_000_000;
    for (let i = 0; i < 4; i += 1) recordFailure(start + i);
    const attempts = readAttempts(start + 3);
    expect(attempts).toEqual({ failures: 4, lastFailureAt: start + 3 });
    expect(remainingWait(attempts, start + 3 + 4_000)).toBe(6_000);
    expect(remainingWait(attempts, start + 3 + 10_000)).toBe(0);
    expect(readAttempts(start + 25 * 60 * 60_000).failures).toBe(0);
    clearAttempts();
    expect(readAttempts(start + 4).failures).toBe(0);
  });

  it('reads a damaged entry as no failures', () => {
    window.localStorage.setItem('promatch:sign-in-failures', '{"failures":"x"');
    expect(readAttempts().failures).toBe(0);
  });
});
