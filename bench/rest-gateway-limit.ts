/**
 * Benchmark: the REST gateway against its physical limit. The same HTTP requests, driven by
 * autocannon at the same concurrency in the same run, go to the real backend (the gateway) and to
 * a hand-written node:http reference (bench/lib/rest-reference-server.ts) that verifies the same
 * JWT and runs the same SQL under the same role and claims, on PGlite and on PostgreSQL, for:
 *   by-id   GET  /rest/v1/user_analytics?select=*&id=eq.<id>  (one object)
 *   page    GET  /rest/v1/user_analytics?select=*,profiles(*)&metric_name=eq.page_load
 *                &order=created_at.desc&limit=20
 *   insert  POST /rest/v1/user_analytics  Prefer: return=representation
 * Budget: gateway throughput >= 0.9x the reference and p99 <= 1.5x, for every shape on both
 * databases; the exit code is 1 when one misses. Run from the repo root:
 *   node_modules/.bin/tsx bench/rest-gateway-limit.ts
 * (BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_WARMUP_SECONDS override 5, 3, 8 and 2; BENCH_DB=pglite
 * or postgres runs one database; BENCH_SHAPES=insert,page runs only those shapes; BENCH_CPU_PROF=<dir>
 * writes a `node --cpu-prof` profile of both measured servers there.) The load generator runs in
 * this process, on the same 2 cores; so besides req/s each run reads from /proc the CPU time each
 * server process (and, on PostgreSQL, the database's backends) spent per request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDb } from '../backend/src/db/open.ts';
import { outputFormat } from '../backend/src/rest/parse/media.ts';
import { parsePrefer } from '../backend/src/rest/parse/prefer.ts';
import { planRequest } from '../backend/src/rest/plan.ts';
import { loadSchemaCache } from '../backend/src/rest/schema-cache.ts';
import {
  ANON_KEY,
  mintUserToken,
  postgresAvailable,
  SERVICE_ROLE_KEY,
} from '../backend/test/support/test-server.ts';
import { LOCAL_DEV_JWT_SECRET } from '@promatch/shared/local-dev-keys';
import { launchBackend, freePort, stopChild } from '../backend/launcher/launch-backend.cjs';
import { cpuSnapshot, cpuUsed } from './lib/proc-cpu.ts';
import { referenceSql } from './lib/rest-reference-sql.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROWS = 1000;
const METRICS = ['page_load', 'click', 'scroll', 'search'];
const THROUGHPUT_BUDGET = 0.9;
const P99_BUDGET = 1.5;

type Kind = 'pglite' | 'postgres';
type Shape = 'by-id' | 'page' | 'insert';
const ALL_SHAPES: Shape[] = ['by-id', 'page', 'insert'];
const SHAPES: Shape[] = process.env.BENCH_SHAPES
  ? ALL_SHAPES.filter((shape) => process.env.BENCH_SHAPES!.split(',').includes(shape))
  : ALL_SHAPES;
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : '';

interface Figures {
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per request: the server process, and the database's PostgreSQL backends. */
  serverCpu: number;
  postgresCpu: number;
}

interface Target {
  url: string;
  token: string;
  ids: string[];
  /** The server process, and the PostgreSQL database it uses (for CPU per request). */
  pid: number | undefined;
  database: string | undefined;
}

const pagePath =
  '/rest/v1/user_analytics?select=*,profiles(*)&metric_name=eq.page_load&order=created_at.desc&limit=20';

function requestFor(shape: Shape, target: Target): autocannon.Request {
  const headers = {
    apikey: ANON_KEY,
    authorization: `Bearer ${target.token}`,
  };
  if (shape === 'by-id') {
    let next = 0;
    return {
      method: 'GET',
      headers: { ...headers, accept: 'application/vnd.pgrst.object+json' },
      setupRequest: (request) => {
        next += 1;
        const id = target.ids[next % target.ids.length];
        return { ...request, path: `/rest/v1/user_analytics?select=*&id=eq.${id}` };
      },
    };
  }
  if (shape === 'page') return { method: 'GET', headers, path: pagePath };
  return {
    method: 'POST',
    path: '/rest/v1/user_analytics',
    headers: { ...headers, 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify({ metric_name: 'bench_insert', metric_value: 1 }),
  };
}

async function drive(shape: Shape, target: Target, seconds: number): Promise<Figures> {
  const cpuTargets = { serverPid: target.pid, database: target.database };
  const before = cpuSnapshot(cpuTargets);
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [requestFor(shape, target)],
  });
  const cpu = cpuUsed(before, cpuSnapshot(cpuTargets));
  const failed = result.non2xx + result.errors + result.timeouts;
  if (result['2xx'] === 0) throw new Error(`${shape}: no successful response from ${target.url}`);
  const requests = Math.max(result.requests.total, 1);
  if (CPU_PROF_DIR)
    console.log(
      `${shape} ${target.url}: ${result.requests.total} requests, server ${cpu.server} ms CPU`,
    );
  return {
    throughput: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: failed,
    serverCpu: cpu.server / requests,
    postgresCpu: cpu.postgres / requests,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One shape after another (by-id, page, insert): a warm-up of each server, then ROUNDS rounds
 * in which the gateway and the reference run back to back (which goes first alternates), so
 * load from elsewhere on the machine hits both alike. Each figure is the median over the rounds.
 * Inserts come last: the rows they add would otherwise grow the table the page scans (its RLS
 * filter, own rows or admin, cannot use the index), so the page would be measured on a larger
 * table in every round and the first server after an insert run would pay PostgreSQL's
 * first-read cost of those rows.
 */
async function measureBoth(
  gateway: Target,
  reference: Target,
): Promise<Pick<Result, 'gateway' | 'reference'>> {
  const runs = {
    gateway: {} as Record<Shape, Figures[]>,
    reference: {} as Record<Shape, Figures[]>,
  };
  for (const shape of SHAPES) {
    runs.gateway[shape] = [];
    runs.reference[shape] = [];
    await drive(shape, gateway, WARMUP_SECONDS);
    await drive(shape, reference, WARMUP_SECONDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      const order =
        round % 2 === 0 ? (['gateway', 'reference'] as const) : (['reference', 'gateway'] as const);
      for (const who of order)
        runs[who][shape].push(await drive(shape, who === 'gateway' ? gateway : reference, SECONDS));
    }
    const perRound = runs.gateway[shape].map(
      (g, i) => `${(g.throughput / runs.reference[shape][i].throughput).toFixed(2)}`,
    );
    console.log(`${shape}: gateway/reference req/s per round ${perRound.join(' ')}`);
  }
  const summarise = (list: Figures[]): Figures => ({
    throughput: median(list.map((f) => f.throughput)),
    p50: median(list.map((f) => f.p50)),
    p99: median(list.map((f) => f.p99)),
    errors: list.reduce((n, f) => n + f.errors, 0),
    serverCpu: median(list.map((f) => f.serverCpu)),
    postgresCpu: median(list.map((f) => f.postgresCpu)),
  });
  const pick = (who: 'gateway' | 'reference') =>
    Object.fromEntries(SHAPES.map((shape) => [shape, summarise(runs[who][shape])])) as Record<
      Shape,
      Figures
    >;
  return { gateway: pick('gateway'), reference: pick('reference') };
}

async function json(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A professional with ROWS metrics of their own, made through the auth admin API and the gateway. */
async function seed(url: string): Promise<{ userId: string; ids: string[] }> {
  const service = {
    apikey: SERVICE_ROLE_KEY,
    authorization: `Bearer ${SERVICE_ROLE_KEY}`,
    'content-type': 'application/json',
  };
  const user = (await json(
    await fetch(`${url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: service,
      body: JSON.stringify({
        email: `bench-${randomUUID().slice(0, 8)}@example.com`,
        password: `Pw-${randomUUID()}`,
        email_confirm: true,
        user_metadata: { name: 'Bench Professional', account_type: 'professional' },
      }),
    }),
    'create user',
  )) as { id: string };
  const start = Date.parse('2026-01-01T00:00:00Z');
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    user_id: user.id,
    metric_name: METRICS[i % METRICS.length],
    metric_value: i,
    created_at: new Date(start + i * 60_000).toISOString(),
  }));
  const inserted = (await json(
    await fetch(`${url}/rest/v1/user_analytics?select=id`, {
      method: 'POST',
      headers: { ...service, prefer: 'return=representation' },
      body: JSON.stringify(rows),
    }),
    'seed user_analytics',
  )) as { id: string }[];
  return { userId: user.id, ids: inserted.map((row) => row.id) };
}

/** Fails when the gateway no longer plans the SQL the reference runs (the comparison would be void). */
async function checkSameSql(dataDir: string, databaseUrl: string | undefined) {
  const db = await openDb({ dataDir, databaseUrl });
  try {
    const cache = await loadSchemaCache(db, ['public']);
    const plan = (
      method: string,
      query: string,
      headers: Record<string, string>,
      body: unknown,
    ) => {
      const format = outputFormat(headers);
      return planRequest({
        cache,
        schema: 'public',
        method,
        name: 'user_analytics',
        rpc: false,
        query: new URLSearchParams(query),
        body,
        prefs: parsePrefer(headers),
        singular: format.singular,
        format,
      }).plan.sql;
    };
    const planned = {
      byId: plan(
        'GET',
        `select=*&id=eq.${randomUUID()}`,
        {
          accept: 'application/vnd.pgrst.object+json',
        },
        undefined,
      ),
      page: plan('GET', pagePath.split('?')[1], {}, undefined),
      insert: plan(
        'POST',
        '',
        { prefer: 'return=representation' },
        {
          metric_name: 'bench_insert',
          metric_value: 1,
        },
      ),
    };
    for (const key of Object.keys(referenceSql) as (keyof typeof referenceSql)[]) {
      if (planned[key] !== referenceSql[key])
        throw new Error(
          `the gateway now plans different SQL for ${key}; update bench/lib/rest-reference-sql.ts:\n${planned[key]}`,
        );
    }
  } finally {
    await db.close();
  }
}

async function startReference(
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('bench/lib/rest-reference-server.ts')],
    { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`reference server exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
  });
  child.removeAllListeners('exit');
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child) };
}

interface Result {
  kind: Kind;
  gateway: Record<Shape, Figures>;
  reference: Record<Shape, Figures>;
}

async function benchKind(kind: Kind): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-bench-'));
  // PGlite is one process's: the reference gets a copy of the seeded data directory.
  const referenceDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-bench-ref-'));
  const dbName = `pm_bench_${randomUUID().slice(0, 8)}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  if (kind === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  try {
    const first = await launchBackend({ env, forward: 'stderr' });
    const seeded = await seed(first.url).finally(() => first.stop());
    await checkSameSql(dataDir, env.DATABASE_URL || undefined);
    if (kind === 'pglite') cpSync(dataDir, referenceDir, { recursive: true });
    const token = mintUserToken(seeded.userId);
    // Profiles are written when each server exits (it stops on SIGTERM with process.exit).
    const profiled: NodeJS.ProcessEnv = CPU_PROF_DIR
      ? {
          ...env,
          // Node 20 refuses --cpu-prof in NODE_OPTIONS; the preload starts the same profiler.
          NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${path.resolve('bench/lib/cpu-profile-preload.mjs')}`,
          CPU_PROFILE_DIR: CPU_PROF_DIR,
        }
      : env;
    const server = await launchBackend({ env: profiled, forward: 'stderr' });
    try {
      const reference = await startReference({
        ...profiled,
        DATA_DIR: referenceDir,
        JWT_SECRET: LOCAL_DEV_JWT_SECRET,
      });
      try {
        const database = kind === 'postgres' ? dbName : undefined;
        if (CPU_PROF_DIR)
          console.log(`profiling: gateway pid ${server.pid}, reference pid ${reference.pid}`);
        const figures = await measureBoth(
          { url: server.url, token, ids: seeded.ids, pid: server.pid, database },
          { url: reference.url, token, ids: seeded.ids, pid: reference.pid, database },
        );
        return { kind, ...figures };
      } finally {
        await reference.stop();
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(referenceDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const results: Result[] = [];
const only = process.env.BENCH_DB;
if (only !== 'postgres') results.push(await benchKind('pglite'));
if (only !== 'pglite') {
  if (postgresAvailable()) results.push(await benchKind('postgres'));
  else console.log('postgres: SKIPPED, nothing answers on 127.0.0.1:5432');
}

console.log(
  `\nREST gateway vs node:http reference, autocannon ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s per shape (medians) after ${WARMUP_SECONDS} s warm-up, node ${process.version}, ${os.cpus().length} cores (load generator on the same cores)`,
);
console.log(
  '| db | shape | gateway req/s | reference req/s | ratio | gateway p50/p99 ms | reference p50/p99 ms | p99 ratio | server CPU ms/req gateway / reference | postgres CPU ms/req gateway / reference | budget |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
let missed = 0;
for (const r of results) {
  for (const shape of SHAPES) {
    const g = r.gateway[shape];
    const ref = r.reference[shape];
    const ratio = g.throughput / ref.throughput;
    const p99Ratio = g.p99 / Math.max(ref.p99, 1);
    const ok = ratio >= THROUGHPUT_BUDGET && p99Ratio <= P99_BUDGET && g.errors === 0;
    if (!ok) missed += 1;
    console.log(
      `| ${r.kind} | ${shape} | ${g.throughput.toFixed(0)} | ${ref.throughput.toFixed(0)} | ${ratio.toFixed(2)}x | ${g.p50}/${g.p99} | ${ref.p50}/${ref.p99} | ${p99Ratio.toFixed(2)}x | ${g.serverCpu.toFixed(3)} / ${ref.serverCpu.toFixed(3)} | ${r.kind === 'postgres' ? `${g.postgresCpu.toFixed(3)} / ${ref.postgresCpu.toFixed(3)}` : '-'} | ${ok ? 'met' : 'MISSED'}${g.errors + ref.errors > 0 ? ` (errors: gateway ${g.errors}, reference ${ref.errors})` : ''} |`,
    );
  }
}
process.exit(missed === 0 ? 0 : 1);
