#!/usr/bin/env node
/**
 * The server's side of the dashboard pages' data, without a browser: the same seeded database as
 * bench/dashboard-overview.mjs (PGlite, 10,000 demo professionals, the 2,000 projects, a year of
 * activity, the hiring team, webhooks and automation rules), then each page's first requests sent
 * together, as the page's prefetch sends them, as the account that page is measured with. For each
 * request the backend's timing log (REQUEST_TIMING_LOG, backend/src/http/request-timing.ts) says
 * how long it waited for PGlite's one connection, how long it held it, and its whole time in the
 * server. The shell's own look-ups are measured as one more "page". Only the backend runs (on its
 * own port), so no build is needed; run under the machine-wide lock:
 *   flock /tmp/e2e.lock node bench/dashboard-requests.mjs [--runs 5] [--professionals 10000]
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { freePort } from '../backend/launcher/launch-backend.cjs';
import { startBackend, stopProcess } from '../scripts/stack.mjs';
import { seedActivity } from './lib/insights-seed.mjs';
import { seedTeam } from './lib/team-seed.mjs';
import { ids } from './lib/rest-seed.mjs';
import { PROFESSIONALS, seedIntegrations, seedWorkspace } from './lib/workspace-seed.mjs';

const require = createRequire(import.meta.url);
const {
  LOCAL_DEV_ANON_KEY,
  LOCAL_DEV_SERVICE_ROLE_KEY,
} = require('@promatch/shared/local-dev-keys');

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    // fewer only to check the bench itself works; figures are taken with the default
    professionals: { type: 'string', default: String(PROFESSIONALS) },
  },
});
const RUNS = Number(values.runs);
// Not the backend's usual port (a running stack may hold it), nor a fixed one (tests and
// stand-ins claim fixed ports of their own).
const PORT = await freePort();
const BACKEND = `http://localhost:${PORT}`;
const DEMO_PASSWORD = 'promatch-demo'; // backend/src/seed/seed-db.ts
const noPersistence = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket },
};

const isoDay = (date) => date.toISOString().slice(0, 10);
const daysAgo = (n) => new Date(Date.now() - n * 86_400_000);
const monthsAgoFirst = (n) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));
};
const anon = (path) =>
  fetch(`${BACKEND}${path}`, { headers: { apikey: LOCAL_DEV_ANON_KEY } }).then(async (r) => {
    await r.text();
    return { error: r.ok ? null : new Error(`${path} answered ${r.status}`) };
  });
const APPOINTMENTS =
  'id,title,starts_at,status,business:profiles!appointments_business_id_fkey(name),professional:profiles!appointments_professional_id_fkey(name)';
const unread = (c, id) =>
  c
    .from('messages')
    .select('id,content,created_at,sender:profiles!messages_sender_id_fkey(name)', {
      count: 'exact',
    })
    .is('read_at', null)
    .neq('sender_id', id)
    .order('created_at', { ascending: false })
    .limit(3);
const appointments = (c) =>
  c
    .from('appointments')
    .select(APPOINTMENTS)
    .gte('ends_at', new Date().toISOString())
    .in('status', ['proposed', 'confirmed'])
    .order('starts_at', { ascending: true })
    .limit(5);

/** Each page's first requests, as its fetchers in mf-dashboard/src/features/* send them. */
const PAGES = [
  [
    '/dashboard',
    'professional',
    (c, id) => [
      c.rpc('my_profile_activity', { days: 30 }),
      c.rpc('dashboard_matching_projects', { max_rows: 5 }),
      c
        .from('project_applications')
        .select('id,status,proposed_rate,created_at,project:projects(title)')
        .eq('professional_id', id)
        .order('created_at', { ascending: false })
        .limit(5),
      appointments(c),
      unread(c, id),
      c
        .from('profiles')
        .select(
          'id,name,account_type,title,description,location,skills,categories,hourly_rate_min,hourly_rate_max,availability,avatar_url,company,company_id',
        )
        .eq('id', id)
        .single(),
    ],
  ],
  [
    '/dashboard',
    'business',
    (c, id) => [
      c.rpc('dashboard_business_projects', { max_rows: 5 }),
      c.rpc('dashboard_shortlist', { max_rows: 5 }),
      appointments(c),
      c
        .from('favorites')
        .select(
          'id,professional:profiles!favorites_professional_id_fkey(id,name,title,avatar_url)',
          {
            count: 'exact',
          },
        )
        .order('created_at', { ascending: false })
        .limit(3),
      unread(c, id),
    ],
  ],
  [
    '/analytics-dashboard',
    'professional',
    (c) => [c.rpc('my_analytics', { p_from: isoDay(daysAgo(29)), p_to: isoDay(new Date()) })],
  ],
  [
    '/analytics-dashboard',
    'business',
    (c) => [c.rpc('my_analytics', { p_from: isoDay(daysAgo(29)), p_to: isoDay(new Date()) })],
  ],
  [
    '/business-intelligence',
    'business',
    (c) => [
      c.rpc('business_insights', { p_from: isoDay(monthsAgoFirst(11)), p_to: isoDay(new Date()) }),
    ],
  ],
  [
    '/smart-notifications',
    'business',
    (c) => [
      c
        .from('notifications')
        .select('id, kind, title, body, link, read_at, created_at')
        .order('created_at', { ascending: false })
        .limit(50),
      c.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null),
      c.from('notification_preferences').select('kind, in_app, email'),
      c.from('notification_settings').select('digest, quiet_start, quiet_end'),
    ],
  ],
  [
    '/testing-portal',
    'business',
    (c, id) => [
      c
        .from('admin_users')
        .select('role, permissions, is_active')
        .eq('user_id', id)
        .eq('is_active', true)
        .maybeSingle(),
      anon('/rest/v1/rpc/match_weights'),
      anon('/auth/v1/health'),
      anon('/rest/v1/'),
    ],
  ],
  [
    "the shell's look-ups",
    'business',
    (c, id) => [
      c.from('profiles').select('*').eq('id', id).maybeSingle(),
      c.rpc('get_user_subscription_plan', { user_uuid: id }),
      c
        .from('admin_users')
        .select('role, permissions, is_active')
        .eq('user_id', id)
        .eq('is_active', true)
        .maybeSingle(),
    ],
  ],
];

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const fmt = (value) => value.toFixed(1);

const log = join(tmpdir(), `promatch-dashboard-requests-${process.pid}.jsonl`);
await writeFile(log, '');
const dataDir = await mkdtemp(join(tmpdir(), 'promatch-bench-requests-'));
const started = Date.now();
const backend = await startBackend({
  backendPort: PORT,
  quiet: !process.env.BENCH_VERBOSE,
  env: {
    DATA_DIR: dataDir,
    DATABASE_URL: '', // PGlite
    SEED_DEMO_PROFESSIONALS: values.professionals,
    RATE_LIMIT_SIGN_IN: '100000',
    REQUEST_TIMING_LOG: log,
  },
});
try {
  const service = createClient(BACKEND, LOCAL_DEV_SERVICE_ROLE_KEY, noPersistence);
  const { accounts } = await seedWorkspace(service);
  await seedActivity(service);
  await seedTeam(service);
  const [business] = await ids(service, 'business', 1);
  await seedIntegrations(service, business);
  const seconds = (Date.now() - started) / 1000;
  const signIn = async (email) => {
    const client = createClient(BACKEND, LOCAL_DEV_ANON_KEY, noPersistence);
    const { data, error } = await client.auth.signInWithPassword({
      email,
      password: DEMO_PASSWORD,
    });
    if (error) throw error;
    return { client, id: data.user.id };
  };
  const users = {
    professional: await signIn(accounts.professional),
    business: await signIn(accounts.business),
  };
  const size = async () => (await readFile(log)).length;
  console.log(
    `\nDashboard pages' requests, server side — ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), Node ${process.version}, PGlite; seeded in ${seconds.toFixed(0)} s`,
  );
  console.log(
    `  each page's requests sent together, ${RUNS} runs after one unmeasured; medians in ms: queued for the connection + holding it = whole time in the server`,
  );
  for (const [path, account, requests] of PAGES) {
    const { client, id } = users[account];
    const perRequest = new Map();
    const walls = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const from = await size();
      const t0 = performance.now();
      const answers = await Promise.all(requests(client, id));
      const wall = performance.now() - t0;
      for (const answer of answers)
        if (answer?.error) throw new Error(`${path}: ${answer.error.message}`);
      const lines = (await readFile(log))
        .subarray(from)
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
      if (run === 0) continue;
      walls.push(wall);
      const seen = new Map();
      for (const line of lines) {
        const target = line.path.replace(/^\/rest\/v1\//, '') || '/rest/v1/ (API description)';
        // the same table twice in one page (a list and its count) stays two lines
        seen.set(target, (seen.get(target) ?? 0) + 1);
        const name = seen.get(target) > 1 ? `${target} (${seen.get(target)})` : target;
        const entry = perRequest.get(name) ?? { queued: [], db: [], total: [] };
        entry.queued.push(line.queued);
        entry.db.push(line.db);
        entry.total.push(line.end - line.start);
        perRequest.set(name, entry);
      }
    }
    console.log(
      `  ${path} (${account}): all answered in ${fmt(median(walls))} ms (median, seen by the client)`,
    );
    for (const [name, t] of perRequest)
      console.log(
        `      ${name.padEnd(40)} ${fmt(median(t.queued)).padStart(6)} + ${fmt(median(t.db)).padStart(6)} = ${fmt(median(t.total)).padStart(6)}`,
      );
  }
  console.log(
    `  load average (1/5/15 min) at the end: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' / ')}`,
  );
} finally {
  await stopProcess(backend.child);
  await rm(dataDir, { recursive: true, force: true });
  await rm(log, { force: true });
}
