/**
 * Benchmark: the scale-out shape on one machine (docs/scaling.md). Two backend instances behind
 * HAProxy, PgBouncer in transaction mode between them and PostgreSQL, and a streaming replica made
 * with pg_basebackup that serves visitors' public reads (`npm run start:scale-out`'s layout, on
 * free ports). The first instance seeds BENCH_PROFESSIONALS (default 10,000) demo professionals
 * while the replica streams them.
 *   - search_professionals p50/p95 through the proxy, the search page's query mix, as a visitor
 *     (served by the replica) and as a signed-in user (the primary, through the pooler);
 *   - the replica's lag as /health reports it while the seed streams and while a burst of
 *     profile updates runs (BENCH_WRITES, default 2,000, 8 at a time).
 * Both databases share this machine's cores and disk, so the figures show correctness and lag,
 * not the capacity a replica on its own machine adds.
 *   nice -n 10 node_modules/.bin/tsx bench/scale-out.ts
 * Needs PostgreSQL on 127.0.0.1:5432 accepting replication from 127.0.0.1, haproxy and pgbouncer.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { launchCluster } from '../backend/launcher/launch-cluster.cjs';
import { ANON_KEY, mintUserToken, SERVICE_ROLE_KEY } from '../backend/test/support/test-server.ts';
import { SEARCH_QUERIES } from './lib/search-queries.ts';

const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 10_000);
const SEARCHES = Number(process.env.BENCH_REQUESTS ?? 400);
const WRITES = Number(process.env.BENCH_WRITES ?? 2_000);
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

interface ReplicaHealth {
  serving: boolean;
  lagBytes: number | null;
  lagMs: number | null;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (ms: number) => Math.round(ms * 10) / 10;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** Polls /health every 100 ms until stopped; the worst lag seen and how often it served. */
function watchLag(url: string) {
  let worst = { lagMs: 0, lagBytes: 0 };
  let samples = 0;
  let serving = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        const body = (await (await fetch(`${url}/health`)).json()) as { replica?: ReplicaHealth };
        samples += 1;
        if (body.replica?.serving) serving += 1;
        worst = {
          lagMs: Math.max(worst.lagMs, body.replica?.lagMs ?? 0),
          lagBytes: Math.max(worst.lagBytes, body.replica?.lagBytes ?? 0),
        };
      } catch {
        // an instance restarting: the next poll goes to the other
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { ...worst, samples, servingShare: samples ? serving / samples : 0 };
  };
}

async function searchTimes(url: string, token: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SEARCHES; i += 1) {
    const args = SEARCH_QUERIES[i % SEARCH_QUERIES.length];
    const started = performance.now();
    const response = await fetch(`${url}/rest/v1/rpc/search_professionals`, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
    });
    await response.text();
    if (!response.ok) throw new Error(`search answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  const name = `pm_bench_scaleout_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  console.log(`machine: ${os.cpus().length} cores, load ${load()} at start`);
  const started = performance.now();
  const cluster = await launchCluster({
    databaseUrl: `postgres://postgres@127.0.0.1:5432/${name}`,
    pooler: true,
    replica: true,
    env: { ...process.env, SEED_DEMO_PROFESSIONALS: String(PROFESSIONALS) },
    forward: 'stderr',
    readyTimeoutMs: 1_800_000,
  });
  try {
    console.log(
      `cluster up with ${PROFESSIONALS} professionals seeded in ${Math.round((performance.now() - started) / 1000)} s (base backup ${cluster.replica?.backupMs} ms); load ${load()}`,
    );
    // Let the replica finish replaying the seed.
    const settle = Date.now() + 120_000;
    for (;;) {
      const body = (await (await fetch(`${cluster.url}/health`)).json()) as {
        replica?: ReplicaHealth;
      };
      if (body.replica?.serving && (body.replica.lagMs ?? Infinity) < 1000) break;
      if (Date.now() > settle) throw new Error(`replica not caught up: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const quiet = watchLag(cluster.url);
    const visitor = await searchTimes(cluster.url, ANON_KEY);
    const signedIn = await searchTimes(cluster.url, mintUserToken(randomUUID()));
    const quietLag = await quiet();
    console.log(
      `search as a visitor (replica): p50 ${round(percentile(visitor, 50))} ms, p95 ${round(percentile(visitor, 95))} ms over ${SEARCHES}`,
    );
    console.log(
      `search signed in (primary through PgBouncer): p50 ${round(percentile(signedIn, 50))} ms, p95 ${round(percentile(signedIn, 95))} ms over ${SEARCHES}`,
    );
    console.log(
      `replica lag while searching: worst ${quietLag.lagMs} ms / ${quietLag.lagBytes} bytes, serving in ${Math.round(quietLag.servingShare * 100)}% of ${quietLag.samples} checks; load ${load()}`,
    );

    // A burst of profile updates through the pooler, with the lag watched.
    const ids = (
      (await (
        await fetch(
          `${cluster.url}/rest/v1/profiles?select=id&account_type=eq.professional&limit=500`,
          {
            headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
          },
        )
      ).json()) as { id: string }[]
    ).map((row) => row.id);
    const burst = watchLag(cluster.url);
    let next = 0;
    const burstStarted = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < WRITES) {
          const i = next;
          next += 1;
          const response = await fetch(
            `${cluster.url}/rest/v1/profiles?id=eq.${ids[i % ids.length]}`,
            {
              method: 'PATCH',
              headers: {
                apikey: SERVICE_ROLE_KEY,
                authorization: `Bearer ${SERVICE_ROLE_KEY}`,
                'content-type': 'application/json',
                prefer: 'return=minimal',
              },
              body: JSON.stringify({ response_time: `within ${1 + (i % 24)} hours` }),
            },
          );
          await response.text();
          if (!response.ok) throw new Error(`update answered ${response.status}`);
        }
      }),
    );
    const seconds = (performance.now() - burstStarted) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const burstLag = await burst();
    console.log(
      `${WRITES} profile updates in ${seconds.toFixed(1)} s (${Math.round(WRITES / seconds)}/s): replica lag worst ${burstLag.lagMs} ms / ${burstLag.lagBytes} bytes, serving in ${Math.round(burstLag.servingShare * 100)}% of ${burstLag.samples} checks; load ${load()}`,
    );
  } finally {
    await cluster.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
