#!/usr/bin/env node
/**
 * Page-data budgets of the dashboard remote on a seeded database: the overview (issue 12: all
 * panels within 1.0 s of navigation with 10,000 professionals, 500+ businesses and 2,000 projects)
 * and the seven workspace pages (/teams, /analytics-dashboard, /business-intelligence,
 * /integrations, /automation-hub, /smart-notifications, /testing-portal: each page's data within
 * 1 s). On top of the demo seed (10,000 professionals, 1,000 businesses) the bench adds 2,000 open
 * projects with three proposals each, a year of activity (bench/lib/insights-seed.mjs), a hiring
 * team with notifications (bench/lib/team-seed.mjs), and two webhooks with their deliveries and
 * three automation rules with their runs. Each run is a cold signed-in browser context: time from
 * navigation start until the page shows its data with no loading status left, and where the time
 * went (the shell's first render, the session restored, the remote's entry evaluated,
 * /config.json and the supabase-js chunk received, the first and last backend request). Reference in the same run: a cold navigation to /pricing until its
 * heading shows. Needs a build; run under the machine-wide lock:
 *   flock /tmp/e2e.lock node bench/dashboard-overview.mjs [--runs 5] [--pages overview,teams,...]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import {
  loadAverage,
  serviceClient,
  sessionFor,
  signedInContext,
  startSeededStack,
} from './lib/seeded-stack.mjs';
import { seedActivity } from './lib/insights-seed.mjs';
import { seedTeam } from './lib/team-seed.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '' },
  },
});
const RUNS = Number(values.runs);
const PROFESSIONALS = 10_000;
const PROJECTS = 2_000;
const PROPOSALS_PER_PROJECT = 3;
const DEMO_PASSWORD = 'promatch-demo'; // backend/src/seed/seed-db.ts
const PANELS = {
  professional: [
    'Profile completeness',
    'Last 30 days',
    'Projects for you',
    'Your proposals',
    'Upcoming appointments',
    'Unread messages',
  ],
  business: [
    'Your projects',
    'Shortlisted professionals',
    'Upcoming appointments',
    'Favourites',
    'Unread messages',
  ],
};
const CATEGORIES = [
  'software-development',
  'devops-infrastructure',
  'ux-ui-design',
  'cybersecurity',
];
const SKILLS = ['React', 'TypeScript', 'Kubernetes', 'Python', 'Figma', 'AWS'];

const stats = (figures) => {
  const sorted = [...figures].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1), all: figures };
};

async function ids(db, accountType, limit) {
  const { data, error } = await db
    .from('profiles')
    .select('id')
    .eq('account_type', accountType)
    .order('id')
    .limit(limit);
  if (error) throw error;
  return data.map((row) => row.id);
}

async function insertInBatches(db, table, rows, select = 'id') {
  const inserted = [];
  for (let start = 0; start < rows.length; start += 500) {
    const { data, error } = await db
      .from(table)
      .insert(rows.slice(start, start + 500))
      .select(select);
    if (error) throw new Error(`${table}: ${error.message}`);
    inserted.push(...data);
  }
  return inserted;
}

/** 2,000 open projects across the businesses, three proposals each; returns the two accounts. */
async function seedWorkspace() {
  const db = serviceClient();
  const businesses = await ids(db, 'business', 1000);
  const professionals = await ids(db, 'professional', PROFESSIONALS);
  const [business] = businesses;
  const [professional] = professionals;
  const projects = Array.from({ length: PROJECTS }, (_, i) => ({
    // the chosen business owns every 200th project: ten of them
    owner_id: i % 200 === 0 ? business : businesses[1 + (i % (businesses.length - 1))],
    title: `Bench project ${i}: ${SKILLS[i % SKILLS.length]} work`,
    description: 'A project posted for the dashboard benchmark.',
    category: CATEGORIES[i % CATEGORIES.length],
    skills: [SKILLS[i % SKILLS.length], SKILLS[(i + 1) % SKILLS.length]],
    budget_min: 300,
    budget_max: 600,
    status: 'open',
    published_at: new Date(Date.now() - i * 60_000).toISOString(),
  }));
  const projectIds = (await insertInBatches(db, 'projects', projects)).map((row) => row.id);
  const proposals = projectIds.flatMap((projectId, i) =>
    Array.from({ length: PROPOSALS_PER_PROJECT }, (_, k) => ({
      project_id: projectId,
      // the chosen professional proposes on every 100th project: twenty proposals
      professional_id:
        k === 0 && i % 100 === 0
          ? professional
          : professionals[1 + ((i * PROPOSALS_PER_PROJECT + k) % (professionals.length - 1))],
      cover_letter: 'I would like to help with this project.',
      proposed_rate: 450,
      status: k === 1 ? 'shortlisted' : 'submitted',
    })),
  );
  await insertInBatches(db, 'project_applications', proposals);
  const emails = await Promise.all(
    [professional, business].map(async (id) => {
      const { data, error } = await db.auth.admin.getUserById(id);
      if (error) throw error;
      return data.user.email;
    }),
  );
  const count = async (table, filter) => {
    let query = db.from(table).select('id', { count: 'exact', head: true });
    if (filter) query = query.eq('account_type', filter);
    const { count: n, error } = await query;
    if (error) throw error;
    return n;
  };
  return {
    accounts: { professional: emails[0], business: emails[1] },
    counts: {
      professionals: await count('profiles', 'professional'),
      businesses: await count('profiles', 'business'),
      projects: await count('projects'),
      proposals: await count('project_applications'),
    },
  };
}

/** Two webhooks with 20 delivered events each, three rules with 10 runs each, for the business. */
async function seedIntegrations(db, userId) {
  const endpoints = await insertInBatches(
    db,
    'webhook_endpoints',
    [1, 2].map((n) => ({
      user_id: userId,
      url: `https://hooks.example.com/promatch/${n}`,
      description: `Bench hook ${n}`,
      events: ['message.received', 'proposal.received'],
    })),
  );
  await insertInBatches(
    db,
    'webhook_deliveries',
    endpoints.flatMap((endpoint) =>
      Array.from({ length: 20 }, (_, i) => ({
        endpoint_id: endpoint.id,
        user_id: userId,
        event: 'message.received',
        body: '{}',
        status: 'succeeded',
        attempts: 1,
        last_status: 200,
        delivered_at: new Date(Date.now() - i * 60_000).toISOString(),
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
      })),
    ),
  );
  const rules = await insertInBatches(
    db,
    'automation_rules',
    [1, 2, 3].map((n) => ({
      user_id: userId,
      name: `Bench rule ${n}`,
      event: 'message.received',
      action: 'auto_reply',
      action_text: 'Thanks, I will answer within a day.',
    })),
  );
  await insertInBatches(
    db,
    'automation_runs',
    rules.flatMap((rule) =>
      Array.from({ length: 10 }, (_, i) => ({
        rule_id: rule.id,
        user_id: userId,
        event: 'message.received',
        outcome: 'succeeded',
        detail: 'Replied.',
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
      })),
    ),
  );
}

/**
 * Run in the page every animation frame: the page's clock time once `spec`'s data is on screen
 * with no loading status left, { failed } on an error, false until then.
 */
function pageReady(spec) {
  const main = document.querySelector('#main-content');
  if (!main) return false;
  const busy = [...main.querySelectorAll('[role="status"]')].some((el) =>
    /^(Loading|Checking)/.test(el.getAttribute('aria-label') || el.textContent || ''),
  );
  const captions = (prefix) =>
    [...main.querySelectorAll('table caption')].filter((c) =>
      (c.textContent ?? '').startsWith(prefix),
    ).length;
  if (spec.kind === 'overview') {
    const sections = [...main.querySelectorAll('section[aria-labelledby]')].filter((section) =>
      spec.titles.includes(section.querySelector('h3')?.textContent ?? ''),
    );
    const failed = sections.filter((s) => s.querySelector('[role="alert"]'));
    if (failed.length) return { failed: failed.map((s) => s.querySelector('h3').textContent) };
    return sections.length >= spec.titles.length && !busy ? performance.now() : false;
  }
  const alert = main.querySelector('[role="alert"]');
  if (alert) return { failed: alert.textContent };
  if (busy) return false;
  let ok = false;
  if (spec.kind === 'charts') {
    const figures = [...main.querySelectorAll('figure')];
    ok =
      Boolean(main.querySelector('dl dd')) &&
      figures.length >= spec.charts &&
      figures.every((f) => f.querySelector('svg.recharts-surface path'));
  } else if (spec.kind === 'teams') {
    const team = main.querySelector('article');
    ok =
      Boolean(team) &&
      (team.textContent ?? '').includes('Members (8)') &&
      team.querySelectorAll('a[href^="/professional/"]').length === 25 &&
      team.querySelectorAll('a[href^="/projects/"]').length === 10;
  } else if (spec.kind === 'notifications') {
    ok =
      main.querySelectorAll('ul[aria-label="Notifications"] > li').length === 50 &&
      Boolean(main.querySelector('button[type="submit"]'));
  } else if (spec.kind === 'portal') {
    ok = captions('Deployed apps') === 1 && captions('Backend components') === 1;
    ok &&=
      [...main.querySelectorAll('table')]
        .find((t) => t.querySelector('caption')?.textContent === 'Deployed apps')
        .querySelectorAll('tbody tr').length === 6;
  } else if (spec.kind === 'integrations') {
    ok =
      captions('Latest deliveries to') === 2 &&
      Boolean(
        main.querySelector('#calendar-feed-url') ||
        [...main.querySelectorAll('button')].some(
          (b) => b.textContent === 'Create calendar address',
        ),
      );
  } else if (spec.kind === 'automation') {
    ok = captions('Latest runs of') === 3;
  }
  return ok ? performance.now() : false;
}

/** Run in the page once it is ready: where the time went, in the page's clock. */
function pageBreakdown({ readyAt, chartChunk, clientChunk }) {
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
  const resources = performance.getEntriesByType('resource');
  const first = (test) => resources.find((entry) => test(entry.name));
  const data = resources.filter(
    (entry) => /:54321\/(rest|functions)\/v1\//.test(entry.name) && entry.startTime <= readyAt,
  );
  const remoteEntry = first((name) => /:3003\/.*remoteEntry/.test(name));
  const recharts = chartChunk ? first((name) => name.endsWith(`/${chartChunk}`)) : undefined;
  const config = first((name) => name.endsWith('/config.json'));
  const supabaseJs = clientChunk ? first((name) => name.endsWith(`/${clientChunk}`)) : undefined;
  const slowest = data.reduce((a, b) => (b.duration > (a?.duration ?? -1) ? b : a), null);
  return {
    shell: mark('promatch:shell-first-render'),
    session: mark('promatch:session-restored'),
    remoteEntry: remoteEntry ? remoteEntry.responseEnd : NaN,
    entryRun: mark('promatch:mf-dashboard-entry'),
    config: config ? config.responseEnd : NaN,
    supabaseJs: supabaseJs ? supabaseJs.responseEnd : NaN,
    firstData: Math.min(...data.map((entry) => entry.startTime)),
    lastData: Math.max(...data.map((entry) => entry.responseEnd)),
    recharts: recharts ? `${recharts.startTime.toFixed(0)}–${recharts.responseEnd.toFixed(0)}` : '',
    requests: data.length,
    timeline: data
      .map(
        (entry) =>
          `${new URL(entry.name).pathname.replace(/^\/rest\/v1\//, '')} ${entry.startTime.toFixed(0)}–${entry.responseEnd.toFixed(0)}`,
      )
      .join(', '),
    slowest: slowest
      ? `${new URL(slowest.name).pathname.replace(/^\/rest\/v1\//, '')} ${slowest.duration.toFixed(0)}`
      : 'none',
  };
}

async function timePage(browser, session, path, spec) {
  const context = await signedInContext(browser, session);
  const page = await context.newPage();
  try {
    await page.goto(path, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(pageReady, spec, {
      polling: 'raf',
      timeout: 60_000,
    });
    const at = await handle.jsonValue();
    if (typeof at === 'object') throw new Error(`${path}: failed ${JSON.stringify(at.failed)}`);
    const breakdown = await page.evaluate(pageBreakdown, {
      readyAt: at,
      chartChunk: CHART_CHUNK,
      clientChunk: CLIENT_CHUNK,
    });
    const text =
      spec.kind === 'overview'
        ? await page.evaluate(() =>
            [...document.querySelectorAll('#main-content section[aria-labelledby]')]
              .map((s) => s.innerText.replace(/\s+/g, ' ').slice(0, 80))
              .join(' | '),
          )
        : '';
    return { at, ...breakdown, text };
  } finally {
    await context.close();
  }
}

/** ms from navigation start until /pricing shows its heading (anonymous, cold context). */
async function timePricing(browser) {
  const context = await signedInContext(browser, undefined);
  const page = await context.newPage();
  try {
    await page.goto('/pricing', { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => (document.querySelector('h1') ? performance.now() : false),
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    return handle.jsonValue();
  } finally {
    await context.close();
  }
}

// [label, account, path, readiness]
const PAGES = [
  ['overview', 'professional', '/dashboard', { kind: 'overview', titles: PANELS.professional }],
  ['overview', 'business', '/dashboard', { kind: 'overview', titles: PANELS.business }],
  ['teams', 'business', '/teams', { kind: 'teams' }],
  ['analytics', 'professional', '/analytics-dashboard', { kind: 'charts', charts: 6 }],
  ['analytics', 'business', '/analytics-dashboard', { kind: 'charts', charts: 5 }],
  ['bi', 'business', '/business-intelligence', { kind: 'charts', charts: 4 }],
  ['integrations', 'business', '/integrations', { kind: 'integrations' }],
  ['automation', 'business', '/automation-hub', { kind: 'automation' }],
  ['notifications', 'business', '/smart-notifications', { kind: 'notifications' }],
  ['portal', 'business', '/testing-portal', { kind: 'portal' }],
];
const wanted = values.pages ? new Set(values.pages.split(',')) : null;
const pages = PAGES.filter(([label]) => !wanted || wanted.has(label));

/** The build's recharts chunk (named by number), to time it in the charting pages. */
const dashboardDist = new URL('../mf-dashboard/dist/', import.meta.url);
const CHART_CHUNK = readdirSync(dashboardDist).find(
  (file) =>
    file.endsWith('.js') &&
    readFileSync(new URL(file, dashboardDist), 'utf8').includes('recharts-surface'),
);

/** The shell's supabase-js chunk, to see when the client could exist. */
const shellDist = new URL('../shell/dist/', import.meta.url);
const CLIENT_CHUNK = readdirSync(shellDist).find(
  (file) =>
    file.endsWith('.js') && readFileSync(new URL(file, shellDist), 'utf8').includes('GoTrueClient'),
);

const stack = await startSeededStack(PROFESSIONALS);
let browser;
try {
  const seeded = Date.now();
  const db = serviceClient();
  const { accounts, counts } = await seedWorkspace();
  await seedActivity(db);
  await seedTeam(db);
  const [business] = await ids(db, 'business', 1);
  await seedIntegrations(db, business);
  const workspaceSeconds = (Date.now() - seeded) / 1000;
  const sessions = {
    professional: await sessionFor(accounts.professional, DEMO_PASSWORD),
    business: await sessionFor(accounts.business, DEMO_PASSWORD),
  };
  browser = await chromium.launch(chromiumLaunchOptions());
  // one unmeasured load of each page first, so every measured run meets the same warm servers
  const warm = [];
  for (const [, account, path, spec] of pages)
    warm.push(await timePage(browser, sessions[account], path, spec));
  await timePricing(browser);
  const runs = pages.map(() => []);
  const pricing = [];
  for (let run = 0; run < RUNS; run += 1) {
    for (const [i, [, account, path, spec]] of pages.entries())
      runs[i].push(await timePage(browser, sessions[account], path, spec));
    pricing.push(await timePricing(browser));
  }
  const fmt = (value) => (Number.isFinite(value) ? value.toFixed(0) : '–');
  const med = (list) => fmt(stats(list).median);
  console.log(
    `\nDashboard pages — ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, PGlite`,
  );
  console.log(
    `  data: ${counts.professionals} professionals, ${counts.businesses} businesses, ${counts.projects}+3,000 projects, ${counts.proposals}+ proposals (backend seed ${stack.seedSeconds.toFixed(0)} s, bench data ${workspaceSeconds.toFixed(0)} s)`,
  );
  console.log(`  load average (1/5/15 min) at the end: ${loadAverage()}`);
  console.log(`  cold context per run, ${RUNS} runs each; budget: data within 1000 ms`);
  console.log(
    '  page (account)               median    max  | each run (ms)            | medians: shell session entry-js entry-run config.json supabase-js 1st-data last-data | requests',
  );
  let worst = 0;
  for (const [i, [label, account, path]] of pages.entries()) {
    const list = runs[i];
    const s = stats(list.map((r) => r.at));
    worst = Math.max(worst, s.max);
    console.log(
      `  ${`${path} (${account})`.padEnd(36)} ${fmt(s.median).padStart(5)} ${fmt(s.max).padStart(6)}  | ${s.all.map(fmt).join(', ').padEnd(24)} | ${[
        'shell',
        'session',
        'remoteEntry',
        'entryRun',
        'config',
        'supabaseJs',
        'firstData',
        'lastData',
      ]
        .map((key) => med(list.map((r) => r[key])))
        .join(' ')} | ${list.map((r) => r.requests).join(',')}`,
    );
    console.log(
      `      slowest request per run (ms): ${list.map((r) => r.slowest).join('; ')}${list[0].recharts ? `; recharts chunk ${list.map((r) => r.recharts).join(', ')}` : ''}`,
    );
    if (warm[i].text) console.log(`      panels (warm-up run): ${warm[i].text}`);
    console.log(`      backend requests of the last run (start–end ms): ${list.at(-1).timeline}`);
    void label;
  }
  const p = stats(pricing);
  console.log(
    `  ${'reference: /pricing heading'.padEnd(36)} ${fmt(p.median).padStart(5)} ${fmt(p.max).padStart(6)}  | ${p.all.map(fmt).join(', ')}`,
  );
  if (worst > 1000) console.log(`  over budget: slowest run ${fmt(worst)} ms`);
} finally {
  await browser?.close();
  await stack.stop();
}
