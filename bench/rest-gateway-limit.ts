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
 * databases; the exit code is 1 when one misses. Each round runs the two back to back (which goes
 * first alternates) and gives one ratio of each; the verdict reads the median of the rounds'
 * ratios (decision 0134). Run from the repo root:
 *   node_modules/.bin/tsx bench/rest-gateway-limit.ts
 * (BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_WARMUP_SECONDS override 3, 10, 8 and 2; BENCH_DB=pglite
 * or postgres runs one database; BENCH_SHAPES=insert,page runs only those shapes; BENCH_CPU_PROF=<dir>
 * writes a `node --cpu-prof` profile of both measured servers there; BENCH_PIN=1 pins the load
 * generator to one core and the measured server with its PostgreSQL backends to the other;
 * BENCH_REFERENCE_HEADERS=gateway makes the reference send the gateway's response headers too;
 * BENCH_REFERENCE_SETUP=bare makes it send the shorter setup statement it sent before 2026-11-29,
 * without the role's statement timeout and the pre-request call; see
 * bench/lib/rest-reference-server.ts.) The
 * load generator runs in this process, on the same 2 cores; so besides req/s each run reads from
 * /proc the CPU time each server process (and, on PostgreSQL, the database's backends) spent per
 * request.
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
import { pinLoadGenerator, pinningAvailable, pinServer } from './lib/pin-cpu.ts';
import { cpuSnapshot, cpuUsed } from './lib/proc-cpu.ts';
import { referenceSql } from './lib/rest-reference-sql.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
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
// BENCH_PIN=1: load generator on one core, the measured server and its database backends on the
// other (bench/lib/pin-cpu.ts). Off by default: tried on 2026-11-26, it did not narrow the spread
// between rounds (docs/benchmarks.md, run 8).
const PINNED = process.env.BENCH_PIN === '1' && pinningAvailable();

interface Figures {
  /** Requests answered per second over the whole segment. */
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
  if (PINNED) pinServer(cpuTargets);
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
    // Over the segment's own duration: with segments of a few seconds, autocannon's average of
    // whole-second samples leaves out the last part-second.
    throughput: result.requests.total / Math.max(result.duration, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: failed,
    serverCpu: cpu.server / requests,
    postgresCpu: cpu.postgres / requests,
  };
}

/** The median; of an even count, the mean of the two middle values. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The two servers' figures for one shape, and the per-round ratios the verdict reads. */
interface Compared {
  gateway: Figures;
  reference: Figures;
  /** Gateway / reference throughput and p99 of each round (both segments back to back). */
  ratios: number[];
  p99Ratios: number[];
}

const p99RatioOf = (gateway: Figures, reference: Figures) =>
  gateway.p99 / Math.max(reference.p99, 1);

/**
 * One shape after another (by-id, page, insert): a warm-up of each server, then ROUNDS rounds
 * in which the gateway and the reference run back to back (which goes first alternates), so
 * load from elsewhere on the machine hits both alike. Each round gives a throughput ratio and a
 * p99 ratio of two segments a few seconds apart; the verdict reads the median of those over many
 * short rounds, so one or two rounds that land on a burst of load elsewhere do not decide it
 * (decision 0134). The req/s, p99 and CPU columns are each server's medians over the rounds.
 * Inserts come last: the rows they add would otherwise grow the table the page scans (its RLS
 * filter, own rows or admin, cannot use the index), so the page would be measured on a larger
 * table in every round and the first server after an insert run would pay PostgreSQL's
 * first-read cost of those rows.
 */
async function measureBoth(gateway: Target, reference: Target): Promise<Record<Shape, Compared>> {
  const compared = {} as Record<Shape, Compared>;
  for (const shape of SHAPES) {
    const runs = { gateway: [] as Figures[], reference: [] as Figures[] };
    await drive(shape, gateway, WARMUP_SECONDS);
    await drive(shape, reference, WARMUP_SECONDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      const order =
        round % 2 === 0 ? (['gateway', 'reference'] as const) : (['reference', 'gateway'] as const);
      for (const who of order)
        runs[who].push(await drive(shape, who === 'gateway' ? gateway : reference, SECONDS));
    }
    const ratios = runs.gateway.map((g, i) => g.throughput / runs.reference[i].throughput);
    const p99Ratios = runs.gateway.map((g, i) => p99RatioOf(g, runs.reference[i]));
    console.log(
      `${shape}: gateway/reference req/s per round ${ratios.map((r) => r.toFixed(2)).join(' ')}; p99 ${p99Ratios.map((r) => r.toFixed(2)).join(' ')}`,
    );
    compared[shape] = {
      gateway: summarise(runs.gateway),
      reference: summarise(runs.reference),
      ratios,
      p99Ratios,
    };
  }
  return compared;
}

function summarise(list: Figures[]): Figures {
  return {
    throughput: median(list.map((f) => f.throughput)),
    p50: median(list.map((f) => f.p50)),
    p99: median(list.map((f) => f.p99)),
    errors: list.reduce((n, f) => n + f.errors, 0),
    serverCpu: median(list.map((f) => f.serverCpu)),
    postgresCpu: median(list.map((f) => f.postgresCpu)),
  };
}

/** The middle half of the rounds' ratios (quartiles), to show how far one round can be off. */
function quartiles(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.round(q * (sorted.length - 1))];
  return `${at(0.25).toFixed(2)}-${at(0.75).toFixed(2)}`;
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
  shapes: Record<Shape, Compared>;
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
        const shapes = await measureBoth(
          { url: server.url, token, ids: seeded.ids, pid: server.pid, database },
          { url: reference.url, token, ids: seeded.ids, pid: reference.pid, database },
        );
        return { kind, shapes };
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

if (PINNED) pinLoadGenerator();
const results: Result[] = [];
const only = process.env.BENCH_DB;
if (only !== 'postgres') results.push(await benchKind('pglite'));
if (only !== 'pglite') {
  if (postgresAvailable()) results.push(await benchKind('postgres'));
  else console.log('postgres: SKIPPED, nothing answers on 127.0.0.1:5432');
}

console.log(
  `\nREST gateway vs node:http reference, autocannon ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per server per shape (back to back, order alternating) after ${WARMUP_SECONDS} s warm-up, node ${process.version}, ${os.cpus().length} cores (${PINNED ? 'load generator pinned to one core, each server with its database backends to the other' : 'load generator on the same cores, unpinned'}); reference: ${process.env.BENCH_REFERENCE_SETUP === 'bare' ? 'bare setup statement' : "the gateway's setup statement"}, ${process.env.BENCH_REFERENCE_HEADERS === 'gateway' ? "the gateway's response headers" : 'Content-Type and Content-Length only'}; load average at the end (the bench itself adds about 2) ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
console.log(
  'ratio and p99 ratio: median of the rounds\' gateway/reference ratios, rounded towards a miss (quartiles of the rounds in brackets); req/s, p50/p99 and CPU: each server\'s median over the rounds; "ratio of medians": the figure before decision 0134, for comparison',
);
console.log(
  '| db | shape | gateway req/s | reference req/s | ratio (quartiles) | ratio of medians | gateway p50/p99 ms | reference p50/p99 ms | p99 ratio (quartiles) | server CPU ms/req gateway / reference | postgres CPU ms/req gateway / reference | budget |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
// The verdict's ratios are rounded towards a miss, so a median of 0.8997 prints as 0.89x, not
// as a 0.90x that reads as met.
const down = (value: number) => (Math.floor(value * 100 + 1e-9) / 100).toFixed(2);
const up = (value: number) => (Math.ceil(value * 100 - 1e-9) / 100).toFixed(2);
let missed = 0;
for (const r of results) {
  for (const shape of SHAPES) {
    const { gateway: g, reference: ref, ratios, p99Ratios } = r.shapes[shape];
    const ratio = median(ratios);
    const p99Ratio = median(p99Ratios);
    const throughputOk = ratio >= THROUGHPUT_BUDGET;
    const p99Ok = p99Ratio <= P99_BUDGET;
    const ok = throughputOk && p99Ok && g.errors === 0;
    if (!ok) missed += 1;
    const why = [!throughputOk && 'req/s', !p99Ok && 'p99', g.errors > 0 && 'errors']
      .filter(Boolean)
      .join(', ');
    console.log(
      `| ${r.kind} | ${shape} | ${g.throughput.toFixed(0)} | ${ref.throughput.toFixed(0)} | ${down(ratio)}x (${quartiles(ratios)}) | ${(g.throughput / ref.throughput).toFixed(2)}x | ${g.p50}/${g.p99} | ${ref.p50}/${ref.p99} | ${up(p99Ratio)}x (${quartiles(p99Ratios)}) | ${g.serverCpu.toFixed(3)} / ${ref.serverCpu.toFixed(3)} | ${r.kind === 'postgres' ? `${g.postgresCpu.toFixed(3)} / ${ref.postgresCpu.toFixed(3)}` : '-'} | ${ok ? 'met' : `MISSED (${why})`}${g.errors + ref.errors > 0 ? ` (errors: gateway ${g.errors}, reference ${ref.errors})` : ''} |`,
    );
  }
}
process.exit(missed === 0 ? 0 : 1);
