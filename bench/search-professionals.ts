/**
 * Benchmark: search_professionals over 10,000 seeded demo professionals, text queries with
 * filters, through the REST gateway as anon (raw HTTP on loopback, one request at a time, so the
 * latency is the server's), on PGlite and on PostgreSQL. Budget: p95 <= 50 ms.
 *   node_modules/.bin/tsx bench/search-professionals.ts
 * BENCH_PROFESSIONALS and BENCH_REQUESTS override the defaults (10000, 400); BENCH_DB picks one.
 */
import { SEARCH_QUERIES } from './lib/search-queries.ts';
import {
  anonRpc,
  onEachDatabase,
  withSeededBackend,
  type DatabaseKind,
} from './lib/seeded-backend.ts';

const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARMUP = 40;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];

async function run(url: string): Promise<{ p50: number; p95: number; p99: number; max: number }> {
  const call = async (i: number) => {
    await anonRpc(url, 'search_professionals', {
      ...SEARCH_QUERIES[i % SEARCH_QUERIES.length],
      p_page_size: 12,
    });
  };
  for (let i = 0; i < WARMUP; i += 1) await call(i);
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const t0 = performance.now();
    await call(i);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
  };
}

async function bench(kind: DatabaseKind): Promise<void> {
  await withSeededBackend(kind, PROFESSIONALS, async (server) => {
    const stats = await run(server.url);
    console.log(
      `${kind.padEnd(8)} ${PROFESSIONALS} professionals, ${REQUESTS} searches: ` +
        `p50 ${stats.p50.toFixed(1)} ms, p95 ${stats.p95.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, ` +
        `max ${stats.max.toFixed(1)} ms (ready incl. seeding ${(server.readyMs / 1000).toFixed(1)} s)`,
    );
  });
}

// BENCH_DB=postgres or BENCH_DB=pglite runs one of the two

await onEachDatabase(bench);
