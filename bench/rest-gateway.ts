/**
 * Benchmark: select-by-id as a signed-in user through supabase-js over HTTP (the REST gateway)
 * against the same RLS-checked query sent straight to the database, on PGlite and PostgreSQL;
 * plus server ready time on an existing data directory, and the CPU time the load generator, the
 * server and the PostgreSQL backends spent per request (from /proc; Linux). Run from the repo root:
 *   node_modules/.bin/tsx bench/rest-gateway.ts
 * (BENCH_REQUESTS, BENCH_CONCURRENCY, BENCH_WARMUP override 3000, 8 and 200.)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../backend/src/config/config.ts';
import { openDb } from '../backend/src/db/open.ts';
import type { Db } from '../backend/src/db/types.ts';
import {
  mintUserToken,
  postgresAvailable,
  SERVICE_ROLE_KEY,
  ANON_KEY,
} from '../backend/test/support/test-server.ts';
import { cpuSnapshot, cpuUsed, fmtCpu, type CpuTargets, type CpuUse } from './lib/proc-cpu.ts';
import { fmt, measure, type RunStats } from './lib/stats.ts';
import { launchBackend } from '../backend/launcher/launch-backend.cjs';

const TOTAL = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
// Requests before each measured run; the server has just (re)started for the ready time.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const ROWS = 1000;
// The rt_notes fixture: owner-only rows under RLS, the typical shape of a product table.
const fixtures = path.resolve('backend/test/support/fixtures/migrations');
type Transport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];
const clientOptions = {
  auth: { persistSession: false },
  realtime: { transport: WebSocket as unknown as Transport },
};

/** A measured run and the CPU each component spent on it (warm-up excluded). */
type Run = RunStats & { cpu: CpuUse };

interface Result {
  kind: string;
  gateway: Run;
  /** The same HTTP requests without supabase-js: separates client cost from server cost. */
  rawHttp: Run;
  direct: Run;
  /** The same through Db.setupThenQuery: one round trip, the path the gateway uses for reads. */
  directOneTrip: Run;
  readyMs: number;
}

/** Warm-up, then the measured run with CPU snapshots of client, server and PostgreSQL around it. */
async function run(targets: CpuTargets, op: (i: number) => Promise<void>): Promise<Run> {
  await measure(WARMUP, CONCURRENCY, op);
  const before = cpuSnapshot(targets);
  const stats = await measure(TOTAL, CONCURRENCY, op);
  return { ...stats, cpu: cpuUsed(before, cpuSnapshot(targets)) };
}

async function seed(url: string, userId: string): Promise<string[]> {
  const admin = createClient(url, SERVICE_ROLE_KEY, clientOptions);
  const rows = Array.from({ length: ROWS }, (_, i) => ({ user_id: userId, content: `note ${i}` }));
  const { data, error } = await admin.from('rt_notes').insert(rows).select('id');
  if (error) throw new Error(error.message);
  return data.map((row) => row.id as string);
}

async function gatewayRun(
  targets: CpuTargets,
  url: string,
  userId: string,
  ids: string[],
): Promise<Run> {
  const db = createClient(url, ANON_KEY, {
    ...clientOptions,
    global: { headers: { Authorization: `Bearer ${mintUserToken(userId)}` } },
  });
  const op = async (i: number) => {
    const { error } = await db
      .from('rt_notes')
      .select('*')
      .eq('id', ids[i % ids.length])
      .single();
    if (error) throw new Error(error.message);
  };
  return run(targets, op);
}

async function rawHttpRun(
  targets: CpuTargets,
  url: string,
  userId: string,
  ids: string[],
): Promise<Run> {
  const headers = {
    apikey: ANON_KEY,
    Authorization: `Bearer ${mintUserToken(userId)}`,
    Accept: 'application/vnd.pgrst.object+json',
  };
  const op = async (i: number) => {
    const response = await fetch(`${url}/rest/v1/rt_notes?select=*&id=eq.${ids[i % ids.length]}`, {
      headers,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    await response.text();
  };
  return run(targets, op);
}

/** What the gateway runs for that request, minus HTTP: one transaction with role and claims. */
async function directRun(targets: CpuTargets, db: Db, userId: string, ids: string[]): Promise<Run> {
  const claims = JSON.stringify({ sub: userId, role: 'authenticated' });
  const op = async (i: number) => {
    await db.transaction(
      async (tx) => {
        await tx.query(
          "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
          ['authenticated', claims],
        );
        const { rows } = await tx.query(
          'select to_json(n)::text as body from public.rt_notes n where id = $1',
          [ids[i % ids.length]],
        );
        if (rows.length !== 1) throw new Error('row not visible');
      },
      { readOnly: true },
    );
  };
  return run(targets, op);
}

async function directOneTripRun(
  targets: CpuTargets,
  db: Db,
  userId: string,
  ids: string[],
): Promise<Run> {
  const setup = {
    sql: "select set_config('transaction_read_only', 'on', true), set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
    params: ['authenticated', JSON.stringify({ sub: userId, role: 'authenticated' })],
  };
  const op = async (i: number) => {
    const { rows } = await db.setupThenQuery!(
      setup,
      'select to_json(n)::text as body from public.rt_notes n where id = $1',
      [ids[i % ids.length]],
    );
    if (rows.length !== 1) throw new Error('row not visible');
  };
  return run(targets, op);
}

async function benchKind(kind: 'pglite' | 'postgres'): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-bench-'));
  const dbName = `pm_bench_${randomUUID().slice(0, 8)}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, EXTRA_MIGRATIONS_DIR: fixtures };
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  if (kind === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  try {
    const first = await launchBackend({ env: { ...process.env, ...env }, forward: 'stderr' });
    const userId = randomUUID();
    const ids = await seed(first.url, userId);
    await first.stop();
    const server = await launchBackend({ env: { ...process.env, ...env }, forward: 'stderr' }); // existing data directory / database
    const database = kind === 'postgres' ? dbName : undefined;
    const serverTargets = { serverPid: server.pid, database };
    const gateway = await gatewayRun(serverTargets, server.url, userId, ids);
    const rawHttp = await rawHttpRun(serverTargets, server.url, userId, ids);
    await server.stop();
    const db = await openDb({ ...loadConfig(), dataDir, databaseUrl: env.DATABASE_URL });
    const direct = await directRun({ database }, db, userId, ids);
    const directOneTrip = await directOneTripRun({ database }, db, userId, ids);
    await db.close();
    return { kind, gateway, rawHttp, direct, directOneTrip, readyMs: server.readyMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const results: Result[] = [await benchKind('pglite')];
if (postgresAvailable()) results.push(await benchKind('postgres'));
else console.log('PostgreSQL on 127.0.0.1:5432 is not answering: skipped');
console.log(
  `\nselect-by-id as a signed-in user, ${TOTAL} requests after ${WARMUP} warm-up, concurrency ${CONCURRENCY}, node ${process.version}, ${os.cpus().length} cores`,
);
for (const r of results) {
  const ratio = (a: RunStats) => (a.throughput / r.direct.throughput).toFixed(2);
  const line = (label: string, a: Run) =>
    console.log(`${r.kind}: ${label} ${fmt(a)}\n    ${fmtCpu(a.cpu, a.requests)}`);
  line('supabase-js over HTTP ', r.gateway);
  line('plain fetch over HTTP ', r.rawHttp);
  line('direct to the database', r.direct);
  line('direct, one round trip', r.directOneTrip);
  console.log(
    `${r.kind}: gateway/direct ${ratio(r.gateway)} (plain fetch ${ratio(r.rawHttp)}); ready on existing data ${r.readyMs.toFixed(0)} ms`,
  );
}
