import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { getAppQueryClient } from './query-client';

/** Runs a function that always fails and records when each attempt started, in fake time. */
async function attemptTimes(run: (fail: () => Promise<never>) => Promise<unknown>) {
  const started: number[] = [];
  const begin = Date.now();
  const fail = async (): Promise<never> => {
    started.push(Date.now() - begin);
    throw new Error('down');
  };
  const settled = run(fail).catch(() => 'failed');
  await jest.advanceTimersByTimeAsync(60_000);
  await expect(settled).resolves.toBe('failed');
  return started;
}

describe('the app query client', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    onlineManager.setOnline(true);
  });

  it('keeps data fresh for 5 minutes, cached for 10, and refetches on reconnect, not focus', async () => {
    const { queries } = (await getAppQueryClient()).getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
    });
  });

  it('is one client for the whole page', async () => {
    expect(await getAppQueryClient()).toBe(await getAppQueryClient());
  });

  it('retries a query 3 times, waiting 1 s then doubling', async () => {
    const client = await getAppQueryClient();
    const started = await attemptTimes((fail) =>
      client.fetchQuery({ queryKey: ['always-fails'], queryFn: fail }),
    );
    expect(started).toEqual([0, 1000, 3000, 7000]);
  });

  it('retries a mutation twice', async () => {
    const client = await getAppQueryClient();
    const started = await attemptTimes((fail) =>
      new MutationObserver(client, { mutationFn: fail }).mutate(),
    );
    expect(started).toEqual([0, 1000, 3000]);
  });

  it('waits at most 30 s between attempts', async () => {
    const { queries } = (await getAppQueryClient()).getDefaultOptions();
    const delay = queries?.retryDelay as (attempt: number) => number;
    expect([5, 6, 10].map((attempt) => delay(attempt))).toEqual([30_000, 30_000, 30_000]);
  });

  it('does not try while offline', async () => {
    const client = await getAppQueryClient();
    client.mount(); // what QueryClientProvider does: listen for the browser coming back online
    onlineManager.setOnline(false);
    const queryFn = jest.fn(async () => 'data');
    void client.fetchQuery({ queryKey: ['offline'], queryFn }).catch(() => undefined);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(queryFn).not.toHaveBeenCalled();
    onlineManager.setOnline(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    client.unmount();
  });
});
