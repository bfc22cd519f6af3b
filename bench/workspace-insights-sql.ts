/**
 * The workspace insights functions on their own: my_analytics over 366 days and
 * business_insights over two years, called over REST as the demo professional and business on a
 * seeded backend (10,000 demo professionals plus a year of activity, bench/lib/insights-seed.mjs),
 * on PGlite and on PostgreSQL. The page-level figures are bench/workspace-insights.mjs.
 *   node_modules/.bin/tsx bench/workspace-insights-sql.ts   (BENCH_DB=pglite|postgres for one)
 */
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../backend/test/support/test-server.ts';
import { ago, seedActivity } from './lib/insights-seed.mjs';
import { onEachDatabase, withSeededBackend, type DatabaseKind } from './lib/seeded-backend.ts';

const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 10_000);
const CALLS = 20;
const DEMO_PASSWORD = 'promatch-demo'; // backend/src/seed/seed-db.ts
// supabase-js on Node 20 needs a WebSocket implementation for its realtime client.
const noSession = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: {
    transport: WebSocket as unknown as NonNullable<
      SupabaseClientOptions<'public'>['realtime']
    >['transport'],
  },
};

function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return `p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

async function bench(kind: DatabaseKind): Promise<void> {
  await withSeededBackend(kind, PROFESSIONALS, async (server) => {
    const service = createClient(server.url, SERVICE_ROLE_KEY, noSession);
    const accounts = (await seedActivity(service)) as { professional: string; business: string };
    const tokenFor = async (email: string) => {
      const anon = createClient(server.url, ANON_KEY, noSession);
      const { data, error } = await anon.auth.signInWithPassword({
        email,
        password: DEMO_PASSWORD,
      });
      if (error) throw error;
      return data.session.access_token;
    };
    const call = async (token: string, fn: string, body: object) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${fn}: ${response.status} ${await response.text()}`);
      await response.json();
      return performance.now() - started;
    };
    const today = new Date().toISOString().slice(0, 10);
    const pro = await tokenFor(accounts.professional);
    const biz = await tokenFor(accounts.business);
    const run = async (token: string, fn: string, body: object) => {
      await call(token, fn, body); // warm-up
      const latencies: number[] = [];
      for (let i = 0; i < CALLS; i += 1) latencies.push(await call(token, fn, body));
      return summary(latencies);
    };
    console.log(`${kind.padEnd(8)} ${PROFESSIONALS} professionals, ${CALLS} calls each`);
    console.log(
      `  my_analytics, professional, 366 days:   ${await run(pro, 'my_analytics', { p_from: ago(366).slice(0, 10), p_to: today })}`,
    );
    console.log(
      `  my_analytics, business, 366 days:       ${await run(biz, 'my_analytics', { p_from: ago(366).slice(0, 10), p_to: today })}`,
    );
    console.log(
      `  business_insights, 731 days:            ${await run(biz, 'business_insights', { p_from: ago(731).slice(0, 10), p_to: today })}`,
    );
  });
}

await onEachDatabase(bench);
