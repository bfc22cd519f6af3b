/**
 * Benchmark: password sign-in (POST /auth/v1/token?grant_type=password) through supabase-js
 * against the running server, on PGlite and on PostgreSQL. Budget: p95 <= 250 ms.
 * Run from the repo root: node_modules/.bin/tsx bench/auth-sign-in.ts
 * BENCH_SIGNINS (default 200) and BENCH_CONCURRENCY (default 1 and 4) tune the run.
 */
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  postgresAvailable,
  startTestServer,
  type DbKind,
  type TestServer,
} from '../backend/test/support/test-server.ts';

const TOTAL = Number(process.env.BENCH_SIGNINS ?? 200);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const PASSWORD = 'Bench-passw0rd';
type Transport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];
const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as Transport },
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

async function createUsers(server: TestServer, count: number): Promise<string[]> {
  const admin = createClient(server.url, server.serviceRoleKey, options);
  const emails = Array.from({ length: count }, (_, i) => `bench-${i}-${Date.now()}@example.com`);
  for (const email of emails) {
    const { error } = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    if (error) throw new Error(error.message);
  }
  return emails;
}

/** Closed loop: `concurrency` workers sign in one after another until `total` are done. */
async function run(server: TestServer, emails: string[], concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < TOTAL) {
      const email = emails[next % emails.length] ?? '';
      next += 1;
      const client = createClient(server.url, server.anonKey, options);
      const t0 = performance.now();
      const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
      latencies.push(performance.now() - t0);
      if (error) throw new Error(error.message);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    throughput: TOTAL / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

async function bench(kind: DbKind) {
  const env = { RATE_LIMIT_SIGN_IN: '1000000', RATE_LIMIT_SIGN_IN_PER_EMAIL: '1000000' };
  const server = await startTestServer({ db: kind, env });
  try {
    const emails = await createUsers(server, 20);
    await run(server, emails, 1); // warm-up: JIT, key import, connection pool
    for (const concurrency of CONCURRENCIES) {
      const stats = await run(server, emails, concurrency);
      const verdict = stats.p95 <= 250 ? 'within' : 'OVER';
      console.log(
        `${kind.padEnd(8)} concurrency ${concurrency}: ${stats.throughput.toFixed(1)} sign-ins/s, ` +
          `p50 ${stats.p50.toFixed(1)} ms, p95 ${stats.p95.toFixed(1)} ms (${verdict} the 250 ms budget)`,
      );
    }
  } finally {
    await server.stop();
  }
}

console.log(`password sign-in via supabase-js, ${TOTAL} per run, node ${process.version}`);
await bench('pglite');
if (postgresAvailable()) await bench('postgres');
else console.log('postgres: SKIPPED, nothing answers on 127.0.0.1:5432');
