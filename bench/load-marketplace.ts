/**
 * Load test: simulated people using the marketplace at once (default 2,000 for 10 minutes) on
 * PostgreSQL seeded with 10,000 professionals. 60% are visitors (browse, search, profiles); the
 * rest are seeded demo professionals and businesses, signed in, in pairs that talk to each other
 * (signing in again, a conversation's first page, sending messages, the dashboard's overview,
 * downloading a file they uploaded, and for businesses matching a plain-English request). Each person acts, then
 * thinks for an exponential pause around BENCH_THINK_SECONDS (15) before acting again, so the
 * load is people, not requests in flight. The users run in BENCH_LOAD_PROCESSES (2) forked
 * processes (bench/lib/load-users.ts), whose own event-loop delay is reported, so the load
 * generator is shown not to be the limit.
 *
 * Every message has its own client id; after the run the database must hold exactly the
 * acknowledged ones: 0 lost. Printed: p50/p95/p99/max per action, answers outside 2xx by status
 * (with samples of what they said), requests that got no answer, and where the time went (CPU
 * per component; with BENCH_SCALE_OUT, the proxy's queue, the instances' responsiveness, the
 * pooler's wait and transaction time, and every HAProxy answer outside 2xx by its termination
 * state).
 *   node_modules/.bin/tsx bench/load-marketplace.ts
 *   BENCH_SCALE_OUT=1 node_modules/.bin/tsx bench/load-marketplace.ts
 * BENCH_USERS (2000), BENCH_LOAD_SECONDS (600), BENCH_THINK_SECONDS (15), BENCH_PROFESSIONALS
 * (10000), BENCH_LOAD_PROCESSES (2) shorten or reshape a trial.
 *
 * BENCH_SCALE_OUT=1 runs it against `npm run start:scale-out`'s layout instead of one backend:
 * two instances behind HAProxy, PgBouncer in transaction mode in front of PostgreSQL, and a
 * streaming replica serving the visitors' browse, search and profile reads (docs/scaling.md; it
 * needs haproxy and pgbouncer). The primary is a PostgreSQL of the bench's own (initdb in a
 * temporary folder, fsync on): its base backup then copies only this bench's data, not every
 * database of the shared server. BENCH_SERVER_MAXCONN sets HAProxy's per-instance request limit
 * (default the cluster's, 32; 0 for none, as before) to compare.
 *
 * All users share 127.0.0.1, so the per-IP sign-in limit is raised for the run; the
 * per-address limit and the 60-messages-a-minute limit stay as they are, and users keep under
 * them.
 */
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parseRequest, toMatchArgs } from '@promatch/shared/matching';
import { ANON_KEY } from '../backend/test/support/test-server.ts';
import { startPrivatePostgres } from '../backend/test/support/private-postgres.ts';
import { EVAL_SET } from '../backend/test/matching/evaluate.ts';
import { DEMO_PASSWORD } from '../backend/src/seed/seed-db.ts';
import { launchCluster, type RunningCluster } from '../backend/launcher/launch-cluster.cjs';
import { cpuBetween, pidsWith, treeCpu } from './lib/proc-cpu.ts';
import { withSeededBackend } from './lib/seeded-backend.ts';
import { SEARCH_QUERIES } from './lib/search-queries.ts';
import {
  ACTIONS,
  type Action,
  type LoadJob,
  type LoadReport,
  type LoadUser,
} from './lib/load-users.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 600);
const USERS = Number(process.env.BENCH_USERS ?? 2000);
const THINK_SECONDS = Number(process.env.BENCH_THINK_SECONDS ?? 15);
const PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? 2);
const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 10_000);
const SERVER_MAXCONN = process.env.BENCH_SERVER_MAXCONN;
const SCALE_OUT = process.env.BENCH_SCALE_OUT === '1';
/** The signed-in share: professionals and businesses in equal numbers, paired. */
const SIGNED_IN_SHARE = 0.4;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const stamp = () => `${new Date().toISOString().slice(11, 19)} UTC, load ${load()}`;

interface Target {
  url: string;
  /** Root processes per component, for the CPU account. */
  components: Record<string, number[]>;
  databaseUrl: string;
  cluster?: RunningCluster;
  proxyLog?: string;
}

/**
 * Two instances behind HAProxy with PgBouncer and a read replica (launch-cluster.cjs), on a
 * private PostgreSQL seeded by the first instance; all removed afterwards.
 */
async function withScaleOut(work: (target: Target) => Promise<void>) {
  const primary = await startPrivatePostgres({ durable: true });
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-load-'));
  const proxyLog = path.join(logDir, 'haproxy.log');
  try {
    const admin = new pg.Client({ connectionString: primary.url });
    await admin.connect();
    await admin.query('create database promatch');
    await admin.end();
    const databaseUrl = primary.url.replace(/\/postgres$/, '/promatch');
    const port = new URL(primary.url).port;
    const started = Date.now();
    const cluster = await launchCluster({
      databaseUrl,
      pooler: true,
      replica: true,
      env: { ...process.env, SEED_DEMO_PROFESSIONALS: String(PROFESSIONALS) },
      forward: 'stderr',
      readyTimeoutMs: 1_800_000,
      proxyLog,
      serverMaxconn: SERVER_MAXCONN === undefined ? undefined : Number(SERVER_MAXCONN),
    });
    try {
      console.log(
        `scale-out up in ${Math.round((Date.now() - started) / 1000)} s: ${cluster.instances.length} instances behind HAProxy at ${cluster.url}, PgBouncer on ${cluster.pooler?.port}, replica on ${cluster.replica?.port}, primary on ${port}; ${stamp()}`,
      );
      await work({
        url: cluster.url,
        databaseUrl,
        cluster,
        proxyLog,
        components: {
          'instance 1': [cluster.instances[0]?.pid ?? -1],
          'instance 2': [cluster.instances[1]?.pid ?? -1],
          'PostgreSQL primary': pidsWith(`-p ${port} -k`),
          'PostgreSQL replica': pidsWith(`-D ${cluster.replica?.dataDir}`),
          PgBouncer: [cluster.pooler?.child.pid ?? -1],
          HAProxy: [cluster.proxy.pid ?? -1],
        },
      });
    } finally {
      await cluster.stop();
    }
  } finally {
    primary.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** Runs `task` over `items`, `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next;
        next += 1;
        results[i] = await task(items[i] as T);
      }
    }),
  );
  return results;
}

async function call(url: string, pathname: string, init: RequestInit): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${url}${pathname}`, init);
    const text = await response.text();
    if (response.ok) return text ? JSON.parse(text) : null;
    // setup is not what is measured: a busy moment while the replica catches up is retried
    if (attempt >= 5 || response.status < 500)
      throw new Error(`${pathname}: ${response.status} ${text.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
}

/**
 * The signed-in people: seeded demo professionals and businesses (their businesses have verified
 * companies, as the seed approves them), signed in with the demo password, a file uploaded
 * each, and each business writing first to its professional, so every pair has a conversation.
 */
async function signInUsers(url: string, db: pg.Client, pairs: number): Promise<LoadUser[]> {
  const accounts = async (kind: 'professional' | 'business') =>
    (
      await db.query<{ id: string; email: string }>(
        `select u.id, u.email from auth.users u join public.profiles p on p.id = u.id
         where p.account_type = $1 and u.email like '%@demo.promatch.local'
         order by u.email limit $2`,
        [kind, pairs],
      )
    ).rows;
  const professionals = await accounts('professional');
  const businesses = await accounts('business');
  if (professionals.length < pairs || businesses.length < pairs)
    throw new Error(`the seed has ${businesses.length} businesses, ${pairs} are needed`);
  const specs = professionals.flatMap((professional, i) => [
    { kind: 'professional' as const, ...professional },
    { kind: 'business' as const, ...(businesses[i] as { id: string; email: string }) },
  ]);
  const users = await inParallel(specs, 8, async (spec) => {
    const session = (await call(url, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: spec.email, password: DEMO_PASSWORD }),
    })) as { access_token: string };
    const file = `${spec.id}/brief-${randomUUID().slice(0, 8)}.pdf`;
    await call(url, `/storage/v1/object/files/${file}`, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/pdf',
      },
      body: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64 * 1024)]),
    });
    return { ...spec, token: session.access_token, file } as LoadUser;
  });
  await inParallel(
    Array.from({ length: pairs }, (_, i) => i),
    8,
    async (i) => {
      const professional = users[2 * i] as LoadUser;
      const business = users[2 * i + 1] as LoadUser;
      const opened = (await call(url, '/rest/v1/rpc/send_message', {
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          authorization: `Bearer ${business.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          p_client_id: randomUUID(),
          p_recipient_id: professional.id,
          p_content: 'Hello, we have a project you might like.',
        }),
      })) as { conversation_id: string };
      professional.conversation = opened.conversation_id;
      business.conversation = opened.conversation_id;
    },
  );
  return users;
}

/** Sends `command` to HAProxy's stats socket; the answer as text. */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = net.connect(socket);
    let answer = '';
    client.on('data', (chunk) => (answer += chunk.toString()));
    client.on('end', () => resolve(answer));
    client.on('error', reject);
    client.end(`${command}\n`);
  });
}

type Stat = Record<string, string>;

async function haproxyStats(socket: string): Promise<Stat[]> {
  const csv = await haproxyCommand(socket, 'show stat');
  const [header, ...rows] = csv.trim().split('\n');
  const names = (header ?? '').replace(/^# /, '').split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((v, i) => [names[i], v])));
}

interface Sampled {
  /** /health latency per instance, asked directly (not through the proxy). */
  health: Map<string, number[]>;
  /** Requests waiting in HAProxy's queue, per sample. */
  queue: number[];
  /** Requests being served by the instances, per sample. */
  active: number[];
  /** Clients waiting for a server connection in PgBouncer, and the longest wait (ms). */
  poolWaiting: number[];
  poolMaxWaitMs: number[];
}

/** Samples the instances, the proxy and the pooler every second until stopped. */
function sampleCluster(cluster: RunningCluster) {
  const sampled: Sampled = {
    health: new Map(),
    queue: [],
    active: [],
    poolWaiting: [],
    poolMaxWaitMs: [],
  };
  let stopped = false;
  const pooler = cluster.pooler
    ? new pg.Client({
        connectionString: `postgres://postgres@127.0.0.1:${cluster.pooler.port}/pgbouncer`,
      })
    : undefined;
  const loop = (async () => {
    await pooler?.connect();
    while (!stopped) {
      const tick = Date.now();
      await Promise.all([
        ...cluster.instances.map(async (instance, i) => {
          const started = performance.now();
          try {
            await (await fetch(`${instance.url}/health`)).text();
            const name = `instance ${i + 1}`;
            sampled.health.set(name, [
              ...(sampled.health.get(name) ?? []),
              performance.now() - started,
            ]);
          } catch {
            // counted by the proxy's checks
          }
        }),
        haproxyStats(cluster.statsSocket).then((stats) => {
          const backend = stats.find((s) => s.pxname === 'instances' && s.svname === 'BACKEND');
          sampled.queue.push(Number(backend?.qcur ?? 0));
          sampled.active.push(Number(backend?.scur ?? 0));
        }),
        pooler
          ?.query<{ database: string; cl_waiting: string; maxwait: string; maxwait_us: string }>(
            'show pools',
          )
          .then(({ rows }) => {
            const pool = rows.filter((row) => row.database === 'promatch');
            sampled.poolWaiting.push(pool.reduce((n, row) => n + Number(row.cl_waiting), 0));
            sampled.poolMaxWaitMs.push(
              Math.max(
                0,
                ...pool.map((row) => Number(row.maxwait) * 1000 + Number(row.maxwait_us) / 1000),
              ),
            );
          }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - tick))));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    await pooler?.end();
    return sampled;
  };
}

async function poolerTotals(cluster: RunningCluster) {
  if (!cluster.pooler) return undefined;
  const client = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${cluster.pooler.port}/pgbouncer`,
  });
  await client.connect();
  const { rows } = await client.query<Record<string, string>>('show stats');
  await client.end();
  const row = rows.find((r) => r.database === 'promatch');
  return {
    transactions: Number(row?.total_xact_count ?? 0),
    transactionUs: Number(row?.total_xact_time ?? 0),
    queryUs: Number(row?.total_query_time ?? 0),
    waitUs: Number(row?.total_wait_time ?? 0),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
const sortedCopy = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

/** What HAProxy's log says: status and termination state of every answer outside 2xx, queue times. */
function readProxyLog(file: string, from: number) {
  const lines = readFileSync(file).subarray(from).toString('utf8').split('\n');
  const outside = new Map<string, number>();
  const queued: number[] = [];
  const events: string[] = [];
  let requests = 0;
  for (const line of lines) {
    const fields = /^(\d{3}) (\S{4}) (-?\d+) (-?\d+) (-?\d+) (-?\d+) (\S+) /.exec(line);
    if (!fields) {
      if (/Health check|is DOWN|is UP|no server available/.test(line)) events.push(line.trim());
      continue;
    }
    requests += 1;
    const [, status, state, wait, , , , server] = fields;
    if (Number(wait) >= 0) queued.push(Number(wait));
    if (!status?.startsWith('2')) {
      const key = `${status} ${state} ${server}`;
      outside.set(key, (outside.get(key) ?? 0) + 1);
    }
  }
  return { requests, outside, queued: sortedCopy(queued), events };
}

async function main() {
  // Every simulated user comes from 127.0.0.1: the per-IP sign-in limit would otherwise stop them.
  process.env.RATE_LIMIT_SIGN_IN = '1000000';
  const run = (work: (target: Target) => Promise<void>) =>
    SCALE_OUT
      ? withScaleOut(work)
      : withSeededBackend('postgres', PROFESSIONALS, (server, database) =>
          work({
            url: server.url,
            databaseUrl: database.url as string,
            components: {
              backend: [server.pid ?? -1],
              PostgreSQL: pidsWith(`postgres: postgres ${database.name} `),
            },
          }),
        );
  console.log(
    `${USERS} users for ${SECONDS} s, think time ${THINK_SECONDS} s, ${PROCESSES} load processes, ${os.cpus().length} cores; ${stamp()}`,
  );
  await run(async (target) => {
    const { url } = target;
    const db = new pg.Client({ connectionString: target.databaseUrl });
    await db.connect();
    db.on('error', () => undefined); // the database goes away when the run ends
    const { rows: pros } = await db.query<{ id: string }>(
      "select id from public.profiles where account_type = 'professional' limit 2000",
    );
    const setupStarted = Date.now();
    const pairs = Math.round((USERS * SIGNED_IN_SHARE) / 2);
    const signedIn = await signInUsers(url, db, pairs);
    console.log(
      `${signedIn.length} demo accounts signed in, a file each, ${pairs} conversations opened in ${Math.round((Date.now() - setupStarted) / 1000)} s; ${stamp()}`,
    );
    const users: LoadUser[] = [
      ...signedIn,
      ...Array.from({ length: USERS - signedIn.length }, () => ({ kind: 'visitor' as const })),
    ].sort(() => Math.random() - 0.5);
    const matches = EVAL_SET.slice(0, 60).map((c) => ({
      args: toMatchArgs(parseRequest(c.text)),
      text: c.text,
    }));

    const startAt = Date.now() + 3000;
    const job = (slice: LoadUser[]): LoadJob => ({
      url,
      anonKey: ANON_KEY,
      password: DEMO_PASSWORD,
      users: slice,
      startAt,
      endAt: startAt + SECONDS * 1000,
      rampMs: Math.min(30_000, (SECONDS * 1000) / 4),
      thinkMs: THINK_SECONDS * 1000,
      professionalIds: pros.map((row) => row.id),
      searches: SEARCH_QUERIES,
      matches,
    });
    const script = fileURLToPath(new URL('./lib/load-users.ts', import.meta.url));
    const children = Array.from({ length: PROCESSES }, () =>
      fork(script, [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, BENCH_LOAD_USERS: '1' },
      }),
    );
    // this process is the root of the instances too: its own CPU is counted on its own
    const componentRoots = {
      ...target.components,
      'load processes': children.map((c) => c.pid ?? -1),
    };
    const selfBefore = process.cpuUsage();
    const logOffset = target.proxyLog ? statSync(target.proxyLog).size : 0;
    const before = Object.fromEntries(
      Object.entries(componentRoots).map(([name, roots]) => [name, treeCpu(roots)]),
    );
    const pooledBefore = target.cluster ? await poolerTotals(target.cluster) : undefined;
    const stopSampling = target.cluster ? sampleCluster(target.cluster) : undefined;
    const reports = await Promise.all(
      children.map(
        (child, i) =>
          new Promise<LoadReport>((resolve, reject) => {
            child.once('message', (report) => resolve(report as LoadReport));
            child.once('exit', (code) => reject(new Error(`load process exited (${code})`)));
            child.send(job(users.filter((_, u) => u % PROCESSES === i)));
          }),
      ),
    );
    const seconds = (Date.now() - startAt) / 1000;
    const after = Object.fromEntries(
      Object.entries(componentRoots).map(([name, roots]) => [name, treeCpu(roots)]),
    );
    const self = process.cpuUsage(selfBefore);
    const sampled = await stopSampling?.();
    const pooledAfter = target.cluster ? await poolerTotals(target.cluster) : undefined;
    const endLoad = load();

    const acknowledged = reports.flatMap((r) => r.acknowledged);
    const { rows } = await db.query<{ n: string }>(
      'select count(*) as n from public.messages where client_id = any($1::uuid[])',
      [acknowledged],
    );
    const stored = Number(rows[0]?.n ?? 0);
    await db.end();

    console.log(
      `\npostgres${SCALE_OUT ? ' (scale-out: 2 instances, HAProxy, PgBouncer, replica)' : ''}, ${PROFESSIONALS} professionals, ${USERS} users (${signedIn.length} signed in), think ${THINK_SECONDS} s, ${seconds.toFixed(0)} s; ended ${stamp()}`,
    );
    console.log(
      'action      actions  requests  non-2xx  no answer   p50 ms   p95 ms   p99 ms   max ms',
    );
    let totalRequests = 0;
    let totalOutside = 0;
    let totalErrors = 0;
    const statusLines: string[] = [];
    for (const action of ACTIONS as Action[]) {
      const latencies = sortedCopy(reports.flatMap((r) => r.actions[action].latencies));
      const requests = reports.reduce((n, r) => n + r.actions[action].requests, 0);
      const errors = reports.reduce((n, r) => n + r.actions[action].errors, 0);
      const statuses = new Map<string, number>();
      for (const r of reports)
        for (const [code, n] of Object.entries(r.actions[action].statuses))
          statuses.set(code, (statuses.get(code) ?? 0) + n);
      const outside = [...statuses.values()].reduce((n, v) => n + v, 0);
      totalRequests += requests;
      totalOutside += outside;
      totalErrors += errors;
      if (statuses.size > 0)
        statusLines.push(`${action} ${[...statuses].map(([c, n]) => `${c}×${n}`).join(' ')}`);
      console.log(
        `${action.padEnd(10)} ${String(latencies.length).padStart(8)} ${String(requests).padStart(9)} ${String(outside).padStart(8)} ${String(errors).padStart(10)} ` +
          `${ms(percentile(latencies, 50)).padStart(8)} ${ms(percentile(latencies, 95)).padStart(8)} ${ms(percentile(latencies, 99)).padStart(8)} ${ms(latencies.at(-1) ?? Number.NaN).padStart(8)}`,
      );
    }
    console.log(
      `requests ${totalRequests} (${(totalRequests / seconds).toFixed(1)}/s), outside 2xx ${totalOutside}, no answer ${totalErrors}`,
    );
    if (statusLines.length > 0) console.log(`statuses outside 2xx: ${statusLines.join('; ')}`);
    // requests with no answer first: they are the rarer and the more telling
    const samples = reports
      .flatMap((r) => r.samples)
      .sort((a, b) => Number(b.includes(' error: ')) - Number(a.includes(' error: ')));
    for (const sample of samples.slice(0, 20)) console.log(`  ${sample.replace(/\s+/g, ' ')}`);
    console.log(
      `messages acknowledged ${acknowledged.length}, stored ${stored}, lost ${acknowledged.length - stored}`,
    );

    console.log(
      `\nwhere the time went (CPU over the run, % of one core; ${os.cpus().length} cores):`,
    );
    for (const name of Object.keys(componentRoots)) {
      const used = cpuBetween(
        before[name] as Map<number, number>,
        after[name] as Map<number, number>,
      );
      console.log(
        `  ${name.padEnd(20)} ${((used / 1000 / seconds) * 100).toFixed(0).padStart(4)}%`,
      );
    }
    console.log(
      `  ${'bench process'.padEnd(20)} ${(((self.user + self.system) / 1000 / 1000 / seconds) * 100).toFixed(0).padStart(4)}%`,
    );
    const loops = reports.map(
      (r) => `p99 ${ms(r.eventLoop.p99Ms)} / max ${ms(r.eventLoop.maxMs)} ms`,
    );
    console.log(`  load processes' event-loop delay: ${loops.join('; ')}`);
    console.log(`  load average at the end: ${endLoad}`);
    if (sampled) {
      for (const [name, times] of sampled.health) {
        const sorted = sortedCopy(times);
        console.log(
          `  ${name} /health asked directly each second: p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted.at(-1) ?? Number.NaN)} ms (event loop and CPU wait)`,
        );
      }
      const queue = sortedCopy(sampled.queue);
      const active = sortedCopy(sampled.active);
      console.log(
        `  HAProxy queue (per second): p50 ${percentile(queue, 50)}, p95 ${percentile(queue, 95)}, max ${queue.at(-1)}; requests in the proxy's backend (queued or at an instance) p50 ${percentile(active, 50)}, max ${active.at(-1)}`,
      );
      const waiting = sortedCopy(sampled.poolWaiting);
      const maxWait = sortedCopy(sampled.poolMaxWaitMs);
      console.log(
        `  PgBouncer clients waiting for a server connection: p50 ${percentile(waiting, 50)}, max ${waiting.at(-1)}; longest wait seen ${ms(maxWait.at(-1) ?? Number.NaN)} ms`,
      );
    }
    if (pooledBefore && pooledAfter) {
      const transactions = pooledAfter.transactions - pooledBefore.transactions;
      console.log(
        `  PgBouncer: ${transactions} transactions, mean ${ms((pooledAfter.transactionUs - pooledBefore.transactionUs) / 1000 / transactions)} ms in the database, ` +
          `waiting for a server connection ${ms((pooledAfter.waitUs - pooledBefore.waitUs) / 1000 / transactions)} ms per transaction`,
      );
    }
    if (target.cluster) {
      const stats = await haproxyStats(target.cluster.statsSocket);
      for (const s of stats.filter((row) => row.pxname === 'instances')) {
        console.log(
          `  HAProxy ${s.svname}: status ${s.status}, 5xx ${s.hrsp_5xx}, connection errors ${s.econ}, response errors ${s.eresp}, retries ${s.wretr}, redispatches ${s.wredis}, ` +
            `checks failed ${s.chkfail ?? '-'}, went down ${s.chkdown ?? '-'}, max queue ${s.qmax}, max sessions ${s.smax}; last 1024: queue ${s.qtime} ms, connect ${s.ctime} ms, response ${s.rtime} ms, total ${s.ttime} ms`,
        );
      }
    }
    if (target.proxyLog) {
      const proxied = readProxyLog(target.proxyLog, logOffset);
      console.log(
        `  HAProxy log: ${proxied.requests} requests; time in its queue p50 ${percentile(proxied.queued, 50)}, p95 ${percentile(proxied.queued, 95)}, p99 ${percentile(proxied.queued, 99)}, max ${proxied.queued.at(-1)} ms`,
      );
      for (const [key, n] of proxied.outside)
        console.log(`  HAProxy answered outside 2xx: ${key} × ${n}`);
      for (const event of proxied.events.slice(0, 20)) console.log(`  HAProxy: ${event}`);
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
