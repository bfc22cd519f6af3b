/**
 * Benchmark: how the cost of the main reads grows with the data, at 10,000 and at 100,000
 * professionals. Per scale N: N demo professionals and N/10 businesses (the usual demo seed), then
 * set-based SQL adds N/4 conversations with 10·N messages (1,000,000 at 100k; conversation 0 alone
 * holds 10,000 so a long thread is measured too), N/2 projects (three in five published),
 * two proposals per published project, N/2 appointments and N/2 favourites.
 * Seeding is a measured step: the time of each step of the people's seed and of the activity, then
 * the row counts and the database's size (pg_database_size).
 * Measured through the real backend's REST gateway, one request at a time on loopback:
 *   - search_professionals as anon (the search page's queries);        budget p95 <= 50 ms at 100k
 *   - match_professionals as anon (parsed plain-English descriptions: the lexicon's labelled set,
 *     and the held-out descriptions written as people write them);    budget p95 <= 300 ms
 *                                                                      (150 ms at 1,000,000)
 *   - a conversation's first page as a participant under row security: the messaging UI's
 *     query, newest 51 messages (mf-messaging/src/features/thread/api/get-messages.ts);
 *                                                                       budget p95 <= 50 ms
 *   - the header's unread badge, a HEAD count of the messages sent to the caller and not read
 *     (mf-messaging/src/features/unread/api/unread-count.ts), for the long thread's professional
 *     and for typical participants;                                    budget p95 <= 20 ms
 *   - the dashboard overview's queries (mf-dashboard/src/features/overview/api), for a
 *     professional and for a business, each on its own and all at once as the page sends them.
 * Before timing, EXPLAIN (ANALYZE, BUFFERS) of each, as the caller (inside functions through
 * auto_explain on PostgreSQL), summarised as the scans it used; a sequential scan that read at
 * least 1,000 rows of a table that grows with the data is flagged (BENCH_PLANS=1 prints plans).
 * BENCH_KEEP=1 keeps the database (BENCH_DB_NAME names it), BENCH_REUSE=<name> measures a kept
 * one again without seeding, BENCH_SEED_ONLY=1 stops after the EXPLAIN summaries.
 *   node_modules/.bin/tsx bench/scale-100k.ts
 * BENCH_SCALES (default "10000,100000"), BENCH_DB (postgres by default here; pglite tries PGlite),
 * BENCH_REQUESTS (per query, default 200). BENCH_ONLY (e.g. "search,match,thread") times only those
 * of search, match, thread and overview through the gateway; the EXPLAIN summaries always run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../backend/src/config/config.ts';
import { openDb } from '../backend/src/db/open.ts';
import type { Db } from '../backend/src/db/types.ts';
import { runMigrations } from '../backend/src/migrate/migrate.ts';
import { seedDemoDataIfEmpty } from '../backend/src/seed/index.ts';
import { launchBackend } from '../backend/launcher/launch-backend.cjs';
import { ANON_KEY, mintUserToken } from '../backend/test/support/test-server.ts';
import { EVAL_SET } from '../backend/test/matching/evaluate.ts';
import { descriptionsOf } from '../backend/test/matching/generalisation/score.ts';
import { parseRequest, toMatchArgs, type MatchArgs } from '@promatch/shared/matching';
import { SERVICE_CATEGORIES } from '@promatch/shared/service-categories';
import { SEARCH_QUERIES } from './lib/search-queries.ts';
import type { DatabaseKind } from './lib/seeded-backend.ts';

const SCALES = (process.env.BENCH_SCALES ?? '10000,100000').split(',').map(Number);
const KIND: DatabaseKind = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : null;
// matching's budget: 300 ms up to 100,000 professionals, 150 ms at a million
const MATCH_BUDGET = (n: number) => (n >= 1_000_000 ? 150 : 300);
const measures = (part: 'search' | 'match' | 'thread' | 'overview') => !ONLY || ONLY.includes(part);
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

// the search bench's queries, and the home page's featured list (no query)
const SEARCHES: Record<string, unknown>[] = [
  ...SEARCH_QUERIES,
  { p_query: null, p_sort: 'featured' },
];
const MATCH_ARGS = EVAL_SET.map((item) => toMatchArgs(parseRequest(item.text)));
// descriptions written as people write them, the split matching is not tuned against: longer,
// with context skills and a named town (backend/test/matching/generalisation)
const HELD_OUT_ARGS = descriptionsOf('held-out').map((item) =>
  toMatchArgs(parseRequest(item.text)),
);

const CATEGORIES = SERVICE_CATEGORIES.map((category) => category.slug);
const SKILLS = ['React', 'TypeScript', 'Kubernetes', 'Python', 'Figma', 'AWS', 'PostgreSQL', 'Go'];

/**
 * Set-based seeding of the marketplace's activity on top of the demo people, as named steps (the
 * bench prints each one's time). The bulk load runs with session_replication_role = replica, so no
 * per-row trigger fires: the ones on these tables either check what a user may write (verified
 * business, send rules, plan limits, which count only users' own writes, not the service role's),
 * or tell someone about a live event (e-mail queue, notifications, the match fan-out queue,
 * integration webhooks), which a history loaded in bulk must not send. The derived state they
 * keep is rebuilt after: conversations.last_message_at (touch_conversation) from the messages, and
 * the skill postings of "projects for you" (projects_sync_skill_postings) from the projects.
 * The statements share one session (temporary tables), so they run in order on one client.
 */
function activitySteps(n: number): [string, string][] {
  const conversations = Math.floor(n / 4);
  const messages = n * 10;
  const heavy = 10_000;
  const projects = Math.floor(n / 2);
  const cats = `array[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`;
  const skills = `array[${SKILLS.map((s) => `'${s}'`).join(',')}]`;
  return [
    [
      'people numbered',
      `set session_replication_role = replica;
    create temp table bz as select id, (row_number() over (order by id) - 1)::int as i
      from public.profiles where account_type = 'business';
    create temp table pz as select id, (row_number() over (order by id) - 1)::int as i
      from public.profiles where account_type = 'professional';
    create temp table cz as
      select gen_random_uuid() as id, g as i, b.id as p1, p.id as p2
      from generate_series(0, ${conversations - 1}) g
      join pz p on p.i = g
      join bz b on b.i = g % (select count(*) from bz);`,
    ],
    [
      'conversations',
      `insert into public.conversations (id, participant_1, participant_2, created_at, updated_at, last_message_at)
      select id, p1, p2, now() - interval '400 days', now(), now() - make_interval(secs => i) from cz;`,
    ],
    [
      'messages',
      `insert into public.messages (conversation_id, sender_id, content, read_at, created_at, updated_at)
      select c.id, case when g % 2 = 0 then c.p1 else c.p2 end,
        'Message ' || g || ': thanks, the timings and the budget look right, next steps tomorrow.',
        case when g % 10 = 0 then null else now() end,
        now() - make_interval(secs => (${messages} - g) * 10),
        now() - make_interval(secs => (${messages} - g) * 10)
      from generate_series(0, ${messages - 1}) g
      join cz c on c.i = case when g < ${heavy} then 0 else g % ${conversations} end;`,
    ],
    [
      'last message times (touch_conversation)',
      `update public.conversations c set last_message_at = m.last
      from (select conversation_id, max(created_at) as last from public.messages
            group by conversation_id) m
      where m.conversation_id = c.id;`,
    ],
    [
      'projects',
      `create temp table jz as
      select gen_random_uuid() as id, g as i, b.id as owner,
        case when g % 5 < 3 then 'open' when g % 5 = 3 then 'completed' else 'draft' end as status
      from generate_series(0, ${projects - 1}) g
      join bz b on b.i = g % (select count(*) from bz);
    insert into public.projects (id, owner_id, title, description, category, skills, budget_min,
        budget_max, location, remote, status, published_at, created_at, updated_at)
      select j.id, j.owner, 'Project ' || j.i || ': ' || (${skills})[1 + j.i % 8] || ' work',
        'We need help with ' || (${skills})[1 + j.i % 8] || ' for a few weeks.',
        (${cats})[1 + j.i % 12],
        array[(${skills})[1 + j.i % 8], (${skills})[1 + (j.i * 7 + 3) % 8]],
        1000 + (j.i % 50) * 100, 2000 + (j.i % 50) * 200, 'London', j.i % 3 <> 0, j.status,
        case when j.status = 'draft' then null else now() - make_interval(hours => 72 + j.i % 5000) end,
        now() - make_interval(hours => 72 + j.i % 5000), now()
      from jz j;`,
    ],
    [
      // what the projects' statement triggers keep for "projects for you", which replica mode skipped
      'project skill postings (projects_sync_skill_postings)',
      `insert into public.project_skill_postings (skill, id, created_at, published_at, category, skills)
      select distinct on (lower(s), j.id) lower(s), j.id, j.created_at, j.published_at, j.category, j.skills
      from public.projects j join jz on jz.id = j.id cross join lateral unnest(j.skills) s
      where j.status = 'open' and j.published_at is not null
      on conflict (skill, id) do nothing;`,
    ],
    [
      'proposals',
      `insert into public.project_applications (project_id, professional_id, cover_letter, proposed_rate, status, created_at, updated_at)
      select j.id, p.id, 'I have done this before.', 60 + k * 5, 'submitted',
        now() - make_interval(hours => j.i % 5000), now()
      from jz j cross join generate_series(0, 1) k
      join pz p on p.i = (j.i * 13 + k * 7919) % (select count(*) from pz)
      where j.status <> 'draft';`,
    ],
    [
      'appointments and favourites',
      `insert into public.appointments (business_id, professional_id, created_by, proposed_by, title,
        starts_at, ends_at, duration_minutes, status, created_at, updated_at)
      select c.p1, c.p2, c.p1, c.p1, 'Intro call',
        now() + make_interval(hours => (g % 2000) - 1000),
        now() + make_interval(hours => (g % 2000) - 1000, mins => 30), 30,
        case when g % 3 = 0 then 'proposed' else 'confirmed' end, now(), now()
      from generate_series(0, ${projects - 1}) g join cz c on c.i = g % ${conversations};
    insert into public.favorites (user_id, professional_id, created_at)
      select b.id, p.id, now() - make_interval(mins => g)
      from generate_series(0, ${projects - 1}) g
      join pz p on p.i = g
      join bz b on b.i = g % (select count(*) from bz)
      on conflict do nothing;
    set session_replication_role = origin;`,
    ],
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];

interface Timing {
  p50: number;
  p95: number;
}

async function time(count: number, op: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < Math.min(20, count); i += 1) await op(i);
  const latencies: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    await op(i);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

async function call(url: string, token: string, pathname: string, body?: unknown) {
  // the overview's unread and favourites panels ask for an exact count, as supabase-js sends it
  const counted = /^\/rest\/v1\/(messages\?select=id,content|favorites)/.test(pathname);
  const response = await fetch(`${url}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(counted ? { Prefer: 'count=exact' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${pathname}: ${response.status} ${text}`);
  return text;
}

/** The header's unread badge (mf-messaging/src/features/unread/api/unread-count.ts): a HEAD count. */
async function unreadCount(url: string, token: string, userId: string): Promise<number> {
  const response = await fetch(
    `${url}/rest/v1/messages?select=id&sender_id=neq.${userId}&read_at=is.null`,
    {
      method: 'HEAD',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, Prefer: 'count=exact' },
    },
  );
  if (response.status >= 300) throw new Error(`unread count: ${response.status}`);
  return Number(response.headers.get('content-range')?.split('/')[1] ?? NaN);
}

interface Actors {
  professional: string;
  business: string;
  heavyConversation: string;
  conversations: { id: string; participant: string }[];
}

async function pickActors(db: Db): Promise<Actors> {
  // conversation 0 (the long one) is business 0 with professional 0; the professional and business
  // measured on the dashboard are the ones with the most activity
  const heavy = await db.query<{ id: string; participant_1: string; participant_2: string }>(
    `select c.id, c.participant_1, c.participant_2 from public.conversations c
     join public.messages m on m.conversation_id = c.id
     group by c.id order by count(*) desc limit 1`,
  );
  const sample = await db.query<{ id: string; participant_2: string }>(
    `select id, participant_2 from public.conversations order by id limit 50`,
  );
  return {
    professional: heavy.rows[0].participant_2,
    business: heavy.rows[0].participant_1,
    heavyConversation: heavy.rows[0].id,
    conversations: sample.rows.map((row) => ({ id: row.id, participant: row.participant_2 })),
  };
}

const threadPath = (conversationId: string) =>
  `/rest/v1/messages?select=id,conversation_id,sender_id,content,client_id,read_at,created_at,updated_at,file_id,attachment,kind,call_seconds,automated&conversation_id=eq.${conversationId}&order=created_at.desc&limit=51`;

/** The overview panels' requests (mf-dashboard/src/features/overview/api), by account type. */
function overviewRequests(userId: string, type: 'professional' | 'business') {
  const now = encodeURIComponent(new Date().toISOString());
  const shared: [string, string, unknown?][] = [
    [
      'upcoming appointments',
      `/rest/v1/appointments?select=id,title,starts_at,status,business:profiles!appointments_business_id_fkey(name),professional:profiles!appointments_professional_id_fkey(name)&ends_at=gte.${now}&status=in.(proposed,confirmed)&order=starts_at.asc&limit=5`,
    ],
    [
      'unread messages',
      `/rest/v1/messages?select=id,content,created_at,sender:profiles!messages_sender_id_fkey(name)&read_at=is.null&sender_id=neq.${userId}&order=created_at.desc&limit=3`,
    ],
  ];
  if (type === 'professional')
    return [
      ['projects for you', '/rest/v1/rpc/dashboard_matching_projects', { max_rows: 5 }],
      [
        'your proposals',
        `/rest/v1/project_applications?select=id,status,proposed_rate,created_at,project:projects(title)&professional_id=eq.${userId}&order=created_at.desc&limit=5`,
      ],
      ['last 30 days', '/rest/v1/rpc/my_profile_activity', { days: 30 }],
      ...shared,
    ] as [string, string, unknown?][];
  return [
    ['your projects', '/rest/v1/rpc/dashboard_business_projects', { max_rows: 5 }],
    ['shortlisted', '/rest/v1/rpc/dashboard_shortlist', { max_rows: 5 }],
    [
      'favourites',
      `/rest/v1/favorites?select=id,professional:profiles!favorites_professional_id_fkey(id,name,title,avatar_url)&order=created_at.desc&limit=3`,
    ],
    ...shared,
  ] as [string, string, unknown?][];
}

interface SeqScan {
  table: string;
  /** rows the scan looked at: returned plus removed by its filter, over all loops */
  read: number;
}

/** The sequential scans of a plan (the bench's own temporary tables, named …z, left out). */
function seqScans(plan: string): SeqScan[] {
  const lines = plan.split('\n');
  const found: SeqScan[] = [];
  lines.forEach((line, i) => {
    const seq =
      /Seq Scan on (\w+)(?: \w+)?.*actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(line);
    if (!seq || seq[1].endsWith('z')) return;
    const loops = Number(seq[3]);
    let removed = 0;
    // the scan's own detail lines are indented deeper than it and come before its next sibling
    const indent = line.search(/\S/);
    for (const next of lines.slice(i + 1)) {
      if (next.search(/\S/) <= indent) break;
      const filtered = /Rows Removed by Filter: (\d+)/.exec(next);
      if (filtered) removed += Number(filtered[1]);
    }
    found.push({ table: seq[1], read: (Number(seq[2]) + removed) * loops });
  });
  return found;
}

/** The scans a plan used: index names, or "SEQ table (rows read)", from EXPLAIN text. */
function scans(plan: string): string {
  const found = new Set<string>();
  for (const line of plan.split('\n')) {
    const index =
      /(Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/.exec(line);
    if (index) found.add(index[2]);
  }
  for (const seq of seqScans(plan)) found.add(`SEQ ${seq.table} (${seq.read} rows read)`);
  return [...found].join(', ') || '(no table scans)';
}

/** EXPLAIN ANALYZE as the caller; statements inside functions come back through auto_explain. */
async function explain(
  databaseUrl: string | undefined,
  db: Db,
  role: 'anon' | 'authenticated',
  userId: string | null,
  sql: string,
  params: unknown[],
): Promise<{ ms: number; scans: string; plan: string }> {
  const claims = JSON.stringify(userId ? { sub: userId, role } : { role });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const nested: string[] = [];
    client.on('notice', (notice) => nested.push(notice.message ?? ''));
    try {
      await client.query(`load 'auto_explain'`);
      await client.query(
        `set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
         set auto_explain.log_nested_statements = on; set auto_explain.log_buffers = on;
         set client_min_messages = log`,
      );
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
      await client.query(`set local role ${role}`);
      const result = await client.query(`explain (analyze, buffers) ${sql}`, params);
      await client.query('rollback');
      const text = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
      const total = /Execution Time: ([\d.]+)/.exec(text);
      const plan = [text, ...nested].join('\n');
      return { ms: Number(total?.[1] ?? NaN), scans: scans(plan), plan };
    } finally {
      await client.end();
    }
  }
  const result = await db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
    await tx.query(`select set_config('role', $1, true)`, [role]);
    return tx.query<Record<string, string>>(`explain (analyze, buffers) ${sql}`, params);
  });
  const text = result.rows.map((row) => Object.values(row)[0]).join('\n');
  const total = /Execution Time: ([\d.]+)/.exec(text);
  return { ms: Number(total?.[1] ?? NaN), scans: scans(text), plan: text };
}

async function explainAll(databaseUrl: string | undefined, db: Db, actors: Actors, scaleN: number) {
  const search = SEARCHES[0];
  const run = async (
    label: string,
    role: 'anon' | 'authenticated',
    user: string | null,
    sql: string,
    params: unknown[] = [],
  ) => {
    const result = await explain(databaseUrl, db, role, user, sql, params);
    if (process.env.BENCH_PLANS === '1') console.log(result.plan);
    console.log(
      `  explain ${label.padEnd(34)} ${result.ms.toFixed(1).padStart(7)} ms  ${result.scans}`,
    );
    // flagged: a sequential scan of a table that holds at least a tenth as many rows as there
    // are professionals (at this size, a table that grows with the data; plans, settings and the
    // 429-word search vocabulary stay far below it) that read at least 1,000 of them (a probe
    // that stops at its first match reads a handful)
    const seqs = seqScans(result.plan);
    if (seqs.length === 0) return;
    const sizes = await db.query<{ relname: string; rows: string }>(
      `select c.relname, c.reltuples::bigint::text as rows from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'auth') and c.relkind = 'r' and c.relname = any($1)`,
      [seqs.map((seq) => seq.table)],
    );
    const rowsOf = new Map(sizes.rows.map((table) => [table.relname, Number(table.rows)]));
    for (const seq of seqs) {
      const rows = rowsOf.get(seq.table) ?? 0;
      if (rows >= scaleN / 10 && seq.read >= 1000)
        console.log(
          `    ! SEQUENTIAL SCAN GROWS WITH THE DATA: ${seq.table}, ${seq.read.toLocaleString('en-GB')} of ${rows.toLocaleString('en-GB')} rows read`,
        );
    }
  };
  await run(
    `search ${JSON.stringify(search.p_query)}`,
    'anon',
    null,
    `select public.search_professionals(p_query => $1, p_location => $2, p_page_size => 12)`,
    [search.p_query, search.p_location],
  );
  await run(
    `search "kubernetis" (typo)`,
    'anon',
    null,
    `select public.search_professionals(p_query => 'kubernetis', p_min_rating => 4, p_page_size => 12)`,
  );
  // the first labelled description (a skill in a town), a broad one (three common skills, no
  // town: about a tenth of the professionals are candidates) and the first held-out one
  const matches: [string, MatchArgs][] = [
    ['match_professionals', MATCH_ARGS[0]],
    [
      'match (broad skills, no town)',
      toMatchArgs(parseRequest('DevOps engineer to set up CI/CD with GitHub Actions and Docker')),
    ],
    ['match (held-out description)', HELD_OUT_ARGS[0]],
  ];
  for (const [label, match] of matches)
    await run(
      label,
      'anon',
      null,
      `select public.match_professionals(${Object.keys(match)
        .map((key, i) => `${key} => $${i + 1}`)
        .join(', ')})`,
      Object.values(match),
    );
  await run(
    'conversation first page (long)',
    'authenticated',
    actors.professional,
    `select * from public.messages where conversation_id = $1 order by created_at desc limit 51`,
    [actors.heavyConversation],
  );
  await run(
    'unread messages (overview)',
    'authenticated',
    actors.professional,
    `select * from public.messages where read_at is null and sender_id <> $1 order by created_at desc limit 3`,
    [actors.professional],
  );
  await run(
    'unread count (overview, exact)',
    'authenticated',
    actors.professional,
    `select count(*) from public.messages where read_at is null and sender_id <> $1`,
    [actors.professional],
  );
  await run(
    'projects for you',
    'authenticated',
    actors.professional,
    `select * from public.dashboard_matching_projects(5)`,
  );
  await run(
    'your projects (business)',
    'authenticated',
    actors.business,
    `select * from public.dashboard_business_projects(5)`,
  );
  await run(
    'upcoming appointments',
    'authenticated',
    actors.professional,
    `select * from public.appointments where ends_at >= now() and status in ('proposed','confirmed') order by starts_at limit 5`,
  );
}

async function scale(n: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-scale-'));
  // BENCH_REUSE=<database> measures a database kept by an earlier BENCH_KEEP=1 run (PostgreSQL):
  // pending migrations are applied, nothing is seeded again
  const reuse = process.env.BENCH_REUSE;
  const keep =
    process.env.BENCH_KEEP === '1' || process.env.BENCH_SEED_ONLY === '1' || Boolean(reuse);
  // BENCH_DB_NAME names the database a fresh run creates (default scale_<random>)
  const dbName = reuse ?? process.env.BENCH_DB_NAME ?? `scale_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  if (KIND === 'postgres') {
    await admin.connect();
    if (!reuse) await admin.query(`create database ${dbName}`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  const line = (text: string) => console.log(`${KIND} ${n}: ${text}`);
  try {
    const config = loadConfig({ ...process.env, ...env });
    const db = await openDb(config);
    let actors: Actors;
    try {
      let t0 = performance.now();
      await runMigrations(db, config);
      line(`migrations ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const seedStarted = performance.now();
      t0 = seedStarted;
      const seeded = await seedDemoDataIfEmpty(db, String(n));
      if (seeded) {
        line(
          `demo people seeded (${seeded.professionals} professionals, ${seeded.businesses} businesses) in ${seconds(performance.now() - t0)}, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
        );
        for (const [name, ms] of Object.entries(seeded.phases))
          line(`  seed people: ${name.padEnd(36)} ${seconds(ms).padStart(8)}`);
      }
      if (!reuse)
        await db.transaction(async (tx) => {
          for (const [name, sql] of activitySteps(n)) {
            const started = performance.now();
            await tx.exec(sql);
            line(
              `  seed activity: ${name.padEnd(34)} ${seconds(performance.now() - started).padStart(8)}`,
            );
          }
        });
      t0 = performance.now();
      await db.exec('vacuum analyze');
      line(`  seed: vacuum analyze ${seconds(performance.now() - t0).padStart(8)}`);
      const counts = await db.query<Record<string, string>>(
        `select (select count(*) from public.profiles) as people,
           (select count(*) from public.messages) as messages,
           (select count(*) from public.conversations) as conversations,
           (select count(*) from public.projects) as projects,
           (select count(*) from public.project_applications) as proposals,
           (select count(*) from public.search_cards) as search_cards,
           (select pg_size_pretty(pg_database_size(current_database()))) as database_size`,
      );
      line(
        `${reuse ? 'reused database' : 'seeded'} in ${seconds(performance.now() - seedStarted)}: ${JSON.stringify(counts.rows[0])}, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
      );
      actors = await pickActors(db);
      await explainAll(env.DATABASE_URL || undefined, db, actors, n);
    } finally {
      await db.close();
    }

    if (process.env.BENCH_SEED_ONLY === '1') return;
    const server = await launchBackend({ env: { ...process.env, ...env }, forward: 'stderr' });
    try {
      const anon = ANON_KEY;
      const report = (label: string, t: Timing, budget?: number) =>
        line(
          `${label.padEnd(36)} p50 ${t.p50.toFixed(1).padStart(6)} ms  p95 ${t.p95.toFixed(1).padStart(6)} ms` +
            (budget ? `  (budget p95 ${budget} ms: ${t.p95 <= budget ? 'met' : 'MISSED'})` : ''),
        );
      if (measures('search'))
        report(
          'search_professionals (anon)',
          await time(REQUESTS, (i) =>
            call(server.url, anon, '/rest/v1/rpc/search_professionals', {
              ...SEARCHES[i % SEARCHES.length],
              p_page_size: 12,
            }),
          ),
          50,
        );
      if (measures('match'))
        report(
          'match_professionals (anon)',
          await time(Math.min(REQUESTS, 100), (i) =>
            call(
              server.url,
              anon,
              '/rest/v1/rpc/match_professionals',
              MATCH_ARGS[i % MATCH_ARGS.length],
            ),
          ),
          MATCH_BUDGET(n),
        );
      if (measures('match'))
        report(
          'match_professionals (held-out, anon)',
          await time(HELD_OUT_ARGS.length * 2, (i) =>
            call(
              server.url,
              anon,
              '/rest/v1/rpc/match_professionals',
              HELD_OUT_ARGS[i % HELD_OUT_ARGS.length],
            ),
          ),
          MATCH_BUDGET(n),
        );
      if (measures('thread')) {
        const heavyToken = mintUserToken(actors.professional);
        report(
          'conversation first page (10k msgs)',
          await time(REQUESTS, () =>
            call(server.url, heavyToken, threadPath(actors.heavyConversation)),
          ),
          50,
        );
        const heavyUnread = await unreadCount(server.url, heavyToken, actors.professional);
        report(
          `unread count (${heavyUnread} of 10k msgs)`,
          await time(REQUESTS, () => unreadCount(server.url, heavyToken, actors.professional)),
          20,
        );
        const tokens = actors.conversations.map((c) => mintUserToken(c.participant));
        report(
          'unread count (typical)',
          await time(REQUESTS, (i) =>
            unreadCount(
              server.url,
              tokens[i % tokens.length],
              actors.conversations[i % tokens.length].participant,
            ),
          ),
          20,
        );
        report(
          'conversation first page (typical)',
          await time(REQUESTS, (i) =>
            call(
              server.url,
              tokens[i % tokens.length],
              threadPath(actors.conversations[i % tokens.length].id),
            ),
          ),
          50,
        );
      }
      for (const type of ['professional', 'business'] as const) {
        if (!measures('overview')) break;
        const userId = type === 'professional' ? actors.professional : actors.business;
        const token = mintUserToken(userId);
        const requests = overviewRequests(userId, type);
        const rounds = Math.max(20, Math.floor(REQUESTS / 4));
        for (const [label, pathname, body] of requests)
          report(
            `overview ${type}: ${label}`,
            await time(rounds, () => call(server.url, token, pathname, body)),
          );
        report(
          `overview ${type}: all panels at once`,
          await time(rounds, () =>
            Promise.all(
              requests.map(([, pathname, body]) => call(server.url, token, pathname, body)),
            ),
          ),
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (KIND === 'postgres') {
      if (keep) line(`kept database ${dbName}`);
      else await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

console.log(
  `scale bench on ${KIND}, ${os.cpus().length} × ${os.cpus()[0]?.model}, ${new Date().toISOString()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const n of SCALES) await scale(n);
