/** Latency percentiles and throughput of a closed-loop run. */
export interface RunStats {
  requests: number;
  seconds: number;
  throughput: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** Runs `op` `total` times from `concurrency` workers; latencies in milliseconds. */
export async function measure(
  total: number,
  concurrency: number,
  op: (i: number) => Promise<void>,
): Promise<RunStats> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next;
      next += 1;
      const t0 = performance.now();
      await op(i);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    seconds,
    throughput: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export const fmt = (stats: RunStats) =>
  `${stats.throughput.toFixed(0)} req/s, p50 ${stats.p50.toFixed(2)} ms, p99 ${stats.p99.toFixed(2)} ms`;
