import { every } from './every.ts';

describe('every', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('runs one pass at a time, retries after an error, and stops when asked', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let finish: (() => void) | undefined;
    let passes = 0;
    const stop = every('test job', 100, () => {
      passes += 1;
      if (passes === 2) return Promise.reject(new Error('database away'));
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await jest.advanceTimersByTimeAsync(350); // the first pass is still running: no second
    expect(passes).toBe(1);
    finish?.();
    await jest.advanceTimersByTimeAsync(100); // the second pass fails
    expect(passes).toBe(2);
    expect(errors).toHaveBeenCalledWith('[backend] test job failed:', expect.any(Error));
    await jest.advanceTimersByTimeAsync(100); // and the next tick tries again
    expect(passes).toBe(3);
    stop();
    finish?.();
    await jest.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(3);
    errors.mockRestore();
  });
});
