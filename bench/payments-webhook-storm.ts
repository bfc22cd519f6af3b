/**
 * Benchmark: how long the stripe-webhook function takes to verify and apply one event, during a
 * storm of 1,000 signed deliveries (150 milestones' checkouts, account updates and payouts, with
 * duplicates and reordering) on PGlite and PostgreSQL, delivered one at a time (the processing
 * time itself) and eight in flight (a burst: the time includes waiting behind the others). The figure is each
 * delivery's round trip (signature check, the event claimed, the state change and the ledger
 * row), p50/p95/max. Budget: p95 < 200 ms. The same storm's correctness is asserted by
 * backend/test/payments/webhook-storm.test.ts.
 *
 * Run from the repo root: node_modules/.bin/tsx bench/payments-webhook-storm.ts
 * (BENCH_DB=pglite or postgres for one database).
 */
import os from 'node:os';
import { newClient } from '../backend/test/support/fixtures-rls-world.ts';
import {
  deliverAll,
  LOCAL_STRIPE_ENV,
  planStorm,
  stormHire,
} from '../backend/test/support/payments-helpers.ts';
import { postgresAvailable, startTestServer } from '../backend/test/support/test-server.ts';

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return { p50: at(50), p95: at(95), max: sorted.at(-1) ?? NaN, n: sorted.length };
}

const kinds = (['pglite', 'postgres'] as const).filter(
  (kind) =>
    (!process.env.BENCH_DB || process.env.BENCH_DB === kind) &&
    (kind === 'pglite' || postgresAvailable()),
);
for (const kind of kinds) {
  const server = await startTestServer({ db: kind, env: LOCAL_STRIPE_ENV });
  try {
    const service = newClient(server, server.serviceRoleKey);
    for (const concurrency of [1, 8]) {
      const { account, milestones } = await stormHire(server, service, 150);
      const plan = planStorm(milestones, account, 1_000, 29 + concurrency);
      const load = os.loadavg()[0]!.toFixed(1);
      const started = performance.now();
      const results = await deliverAll(server, plan.deliveries, concurrency);
      const seconds = (performance.now() - started) / 1000;
      const failed = results.filter((r) => r.status !== 200).length;
      const s = stats(results.map((r) => r.ms));
      console.log(
        `${kind}, ${concurrency} in flight: ${s.n} deliveries (${plan.distinctEvents} distinct) in ${seconds.toFixed(1)} s, ` +
          `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms, ` +
          `${failed} failed; load average ${load} → ${os.loadavg()[0]!.toFixed(1)}; ` +
          `budget p95 < 200 ms ${s.p95 < 200 ? 'met' : 'MISSED'}`,
      );
    }
  } finally {
    await server.stop();
  }
}
