/**
 * Load test: 500 simulated users browsing, searching, reading profiles, signing in and messaging
 * at once against the backend on PostgreSQL, seeded with 10,000 professionals, for 5 minutes.
 * The load comes from autocannon (one instance per action, so each action has its own latency
 * distribution), on this same machine. Every message a user sends has its own client id; after
 * the run the database must hold exactly the messages that were acknowledged: 0 lost.
 *   node_modules/.bin/tsx bench/load-marketplace.ts
 * BENCH_LOAD_SECONDS (300) and BENCH_PROFESSIONALS (10000) shorten a trial run.
 * BENCH_SCALE_OUT=1 runs it against `npm run start:scale-out`'s layout instead of one backend: two
 * instances behind HAProxy, PgBouncer in transaction mode in front of PostgreSQL, and a streaming
 * replica serving the visitors' browse, search and profile reads (docs/scaling.md; it needs
 * haproxy, pgbouncer and a replication entry in pg_hba.conf).
 *
 * Users think between actions (each action's overall rate is users × rate): a person does not click 100 times a second. All
 * virtual users share 127.0.0.1, so the per-IP sign-in limit is raised for the run; the
 * per-address limit and the 60-messages-a-minute limit stay as they are, and users keep under them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../backend/test/support/test-server.ts';
import { launchCluster } from '../backend/launcher/launch-cluster.cjs';
import { cpuSnapshot, cpuUsed } from './lib/proc-cpu.ts';
import { withSeededBackend } from './lib/seeded-backend.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 10_000);
const PASSWORD = 'Load-test-password-1';
const SCALE_OUT = process.env.BENCH_SCALE_OUT === '1';

interface Target {
  url: string;
  pid: number | undefined;
  database: { url?: string; name?: string };
}

/**
 * Two instances behind HAProxy with PgBouncer and a read replica (launch-cluster.cjs), seeded by
 * the first instance, on a database of its own; removed afterwards.
 */
async function withScaleOut(professionals: number, work: (target: Target) => Promise<void>) {
  const name = `pm_bench_load_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  try {
    const cluster = await launchCluster({
      databaseUrl: url,
      pooler: true,
      replica: true,
      env: { ...process.env, SEED_DEMO_PROFESSIONALS: String(professionals) },
      forward: 'stderr',
      readyTimeoutMs: 1_800_000,
    });
    try {
      console.log(
        `scale-out: ${cluster.instances.length} instances behind HAProxy at ${cluster.url}, PgBouncer on ${cluster.pooler?.port}, replica on ${cluster.replica?.port}`,
      );
      await work({ url: cluster.url, pid: cluster.instances[0]?.pid, database: { url, name } });
      const health = await (await fetch(`${cluster.url}/health`)).json();
      console.log(`after the run: ${JSON.stringify(health)}`);
    } finally {
      await cluster.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Users per action and how often each acts (requests per second per user). */
const MIX = {
  browse: { users: 160, rate: 0.5 },
  search: { users: 150, rate: 0.5 },
  profile: { users: 110, rate: 0.5 },
  // 0.08/s is 24 sign-ins per 5 minutes per address, under the limit of 30
  signIn: { users: 40, rate: 0.08 },
  // 0.5/s is 30 messages a minute per user, under the limit of 60
  message: { users: 40, rate: 0.5 },
} as const;
type Action = keyof typeof MIX;

const SEARCHES = [
  'react',
  'cloud migration',
  'penetration testing',
  'kubernetis',
  'product designer',
  'python machine learning',
  'bookkeeping',
  'postgresql',
];
const CITIES = ['London', 'Manchester', 'Leeds', 'Bristol', 'Glasgow', 'Cardiff'];

const anonHeaders = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` };
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

interface LoadUser {
  id: string;
  email: string;
  token: string;
}

async function makeUsers(url: string, count: number, label: string): Promise<LoadUser[]> {
  const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
  const users: LoadUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `load-${label}-${i}-${randomUUID().slice(0, 6)}@example.com`;
    const created = await fetch(`${url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { ...service, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: {
          name: `Load ${label} ${i}`,
          account_type: i % 2 ? 'professional' : 'business',
        },
      }),
    });
    const { id } = (await created.json()) as { id: string };
    const signedIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const { access_token: token } = (await signedIn.json()) as { access_token: string };
    users.push({ id, email, token });
  }
  return users;
}

interface ActionResult {
  action: Action;
  latencies: number[];
  non2xx: number;
  errors: number;
  /** How many of each status outside 2xx came back. */
  statuses: Map<number, number>;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);

/** Runs one autocannon instance for `action`, collecting every response time. */
function drive(action: Action, url: string, request: autocannon.Request): Promise<ActionResult> {
  const { users, rate } = MIX[action];
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: users,
        // autocannon paces a whole instance (at least 1 request/s), spread over its connections
        overallRate: Math.max(1, Math.round(users * rate)),
        duration: SECONDS,
        timeout: 30,
        requests: [request],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          action,
          latencies,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          statuses,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status < 200 || status > 299) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
}

async function main() {
  // Every virtual user comes from 127.0.0.1: the per-IP sign-in limit would otherwise stop them.
  process.env.RATE_LIMIT_SIGN_IN = '1000000';
  const run = (work: (target: Target) => Promise<void>) =>
    SCALE_OUT
      ? withScaleOut(PROFESSIONALS, work)
      : withSeededBackend('postgres', PROFESSIONALS, (server, database) =>
          work({ url: server.url, pid: server.pid, database }),
        );
  await run(async ({ url, pid, database }) => {
    const targets = { serverPid: pid, database: database.name };
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    db.on('error', () => undefined); // the database is dropped (with force) when the run ends
    const { rows: pros } = await db.query<{ id: string }>(
      "select id from public.profiles where account_type = 'professional' limit 2000",
    );
    const proIds = pros.map((row) => row.id);
    const messagers = await makeUsers(url, MIX.message.users, 'msg');
    const signers = await makeUsers(url, MIX.signIn.users, 'sign');
    const acknowledged = new Set<string>();

    let nextMessager = 0;
    let nextSigner = 0;
    const before = cpuSnapshot(targets);
    const started = Date.now();
    const results = await Promise.all([
      drive('browse', url, {
        method: 'GET',
        headers: anonHeaders,
        setupRequest: (req) => ({
          ...req,
          path:
            `/rest/v1/profiles?select=id,name,title,location,rating,hourly_rate_min,hourly_rate_max` +
            `&account_type=eq.professional&order=rating.desc&limit=20&offset=${20 * Math.floor(Math.random() * 50)}`,
        }),
      }),
      drive('search', url, {
        method: 'POST',
        path: '/rest/v1/rpc/search_professionals',
        headers: { ...anonHeaders, 'content-type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            p_query: pick(SEARCHES),
            p_location: Math.random() < 0.3 ? pick(CITIES) : undefined,
            p_page_size: 12,
          }),
        }),
      }),
      drive('profile', url, {
        method: 'GET',
        headers: anonHeaders,
        setupRequest: (req) => ({
          ...req,
          path: `/rest/v1/profiles?select=*&id=eq.${pick(proIds)}&account_type=eq.professional`,
        }),
      }),
      drive('signIn', url, {
        method: 'POST',
        path: '/auth/v1/token?grant_type=password',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        setupRequest: (req, context) => {
          context.user ??= signers[nextSigner++ % signers.length];
          const user = context.user as LoadUser;
          return { ...req, body: JSON.stringify({ email: user.email, password: PASSWORD }) };
        },
      }),
      drive('message', url, {
        method: 'POST',
        path: '/rest/v1/rpc/send_message',
        setupRequest: (req, context) => {
          const index = (context.index as number | undefined) ?? nextMessager++ % messagers.length;
          context.index = index;
          const user = messagers[index] as LoadUser;
          const partner = messagers[index ^ 1] as LoadUser;
          const clientId = randomUUID();
          context.clientId = clientId;
          return {
            ...req,
            headers: {
              apikey: ANON_KEY,
              authorization: `Bearer ${user.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              p_client_id: clientId,
              p_recipient_id: partner.id,
              p_content: `load ${clientId}`,
            }),
          };
        },
        onResponse: (status, _body, context) => {
          if (status === 200) acknowledged.add(context.clientId as string);
        },
      }),
    ]);
    const seconds = (Date.now() - started) / 1000;
    const cpu = cpuUsed(before, cpuSnapshot(targets));

    const { rows } = await db.query<{ n: string }>(
      'select count(*) as n from public.messages where client_id = any($1::uuid[])',
      [[...acknowledged]],
    );
    const stored = Number(rows[0]?.n ?? 0);
    await db.end();

    const total = results.reduce((n, r) => n + r.latencies.length, 0);
    console.log(
      `postgres${SCALE_OUT ? ' (scale-out: 2 instances, PgBouncer, replica)' : ''}, ${PROFESSIONALS} professionals, ${Object.values(MIX).reduce((n, m) => n + m.users, 0)} users, ${seconds.toFixed(0)} s:`,
    );
    console.log('action    requests  non-2xx  errors   p50 ms   p95 ms   p99 ms');
    for (const r of results) {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      console.log(
        `${r.action.padEnd(9)} ${String(sorted.length).padStart(8)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)} ` +
          `${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}`,
      );
    }
    const statuses = results
      .filter((r) => r.statuses.size > 0)
      .map((r) => `${r.action} ${[...r.statuses].map(([code, n]) => `${code}×${n}`).join(' ')}`);
    if (statuses.length > 0) console.log(`statuses outside 2xx: ${statuses.join('; ')}`);
    console.log(`throughput ${(total / seconds).toFixed(1)} requests/s`);
    console.log(
      `messages acknowledged ${acknowledged.size}, stored ${stored}, lost ${acknowledged.size - stored}`,
    );
    console.log(
      `CPU over the run (of 2 cores): backend${SCALE_OUT ? ' (instance 1 only)' : ''} ${((cpu.server / 1000 / seconds) * 100).toFixed(0)}%, ` +
        `PostgreSQL ${((cpu.postgres / 1000 / seconds) * 100).toFixed(0)}%, ` +
        `load generator ${((cpu.client / 1000 / seconds) * 100).toFixed(0)}%`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
