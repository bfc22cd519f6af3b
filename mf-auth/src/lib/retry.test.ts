import { isTransientAuthError, withRetries } from './retry';

describe('withRetries', () => {
  it('retries transient failures twice, waiting 1 s then 2 s', async () => {
    const waits: number[] = [];
    const action = jest.fn().mockRejectedValue({ name: 'AuthRetryableFetchError', status: 503 });
    await expect(
      withRetries(action, isTransientAuthError, async (ms) => void waits.push(ms)),
    ).rejects.toMatchObject({ status: 503 });
    expect(action).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('does not repeat a wrong password or a rate limit', async () => {
    for (const failure of [
      { status: 400, message: 'Invalid login credentials' },
      { status: 429, message: 'Too many requests' },
    ]) {
      const action = jest.fn().mockRejectedValue(failure);
      await expect(withRetries(action, isTransientAuthError, async () => {})).rejects.toBe(failure);
      expect(action).toHaveBeenCalledTimes(1);
    }
  });

  it('returns the first success', async () => {
    const action = jest
      .fn()
      .mockRejectedValueOnce({ message: 'Failed to fetch' })
      .mockResolvedValue('ok');
    await expect(withRetries(action, isTransientAuthError, async () => {})).resolves.toBe('ok');
  });
});
