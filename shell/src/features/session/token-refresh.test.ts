import type { AppSupabaseClient } from '@promatch/shared';
import type { Session } from '@supabase/supabase-js';
import { createRefreshScheduler } from './token-refresh';

const sessionExpiringIn = (seconds: number) =>
  ({ expires_at: Math.floor(Date.now() / 1000) + seconds }) as Session;

function fakeClient(results: ({ status?: number } | null)[]) {
  const refreshSession = jest.fn(async () => ({ error: results.shift() ?? null }));
  return { client: { auth: { refreshSession } } as unknown as AppSupabaseClient, refreshSession };
}

describe('token refresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes at once when under 300 s remain', async () => {
    const { client, refreshSession } = fakeClient([null]);
    createRefreshScheduler(client, jest.fn()).schedule(sessionExpiringIn(200));
    await jest.runOnlyPendingTimersAsync();
    expect(refreshSession).toHaveBeenCalledTimes(1);
  });

  it('otherwise refreshes 120 s before expiry', async () => {
    const { client, refreshSession } = fakeClient([null]);
    createRefreshScheduler(client, jest.fn()).schedule(sessionExpiringIn(3600));
    await jest.advanceTimersByTimeAsync((3600 - 120) * 1000 - 1000);
    expect(refreshSession).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(2000);
    expect(refreshSession).toHaveBeenCalledTimes(1);
  });

  it('retries network failures from 200 ms, doubling, then gives up', async () => {
    const { client, refreshSession } = fakeClient([
      { status: 0 },
      { status: 0 },
      { status: 0 },
      { status: 0 },
    ]);
    const onFailure = jest.fn();
    createRefreshScheduler(client, onFailure).schedule(sessionExpiringIn(10));
    await jest.advanceTimersByTimeAsync(200 + 400 + 800 + 10);
    expect(refreshSession).toHaveBeenCalledTimes(4);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('signs out at once when the refresh token is rejected', async () => {
    const { client, refreshSession } = fakeClient([{ status: 400 }]);
    const onFailure = jest.fn();
    createRefreshScheduler(client, onFailure).schedule(sessionExpiringIn(10));
    await jest.advanceTimersByTimeAsync(10);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
