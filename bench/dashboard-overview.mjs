#!/usr/bin/env node
/**
 * Page-data budgets of the dashboard remote on a seeded database: the overview (all
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
 * heading shows. Two further yardsticks, never a substitute for the cold one: a returning visitor
 * (the same context loads the page a second time, its content-hashed chunks cached) and an in-app
 * navigation (a client-side route change from another dashboard page, timed from the change).
 * With --compare-hints every round also times each page cold from a second shell server without
 * the preload hints (decision 0138). Needs a build; run under the machine-wide lock:
 *   flock /tmp/e2e.lock node bench/dashboard-overview.mjs [--runs 5] [--pages overview,teams,...]
 *     [--compare-hints] [--server-timing]
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { freePort } from '../backend/launcher/launch-backend.cjs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { APPS, startApp, stopProcess } from '../scripts/stack.mjs';
import {
  loadAverage,
  serviceClient,
  sessionFor,
  signedInContext,
  startSeededStack,
} from './lib/seeded-stack.mjs';
import { seedActivity } from './lib/insights-seed.mjs';
import { seedTeam } from './lib/team-seed.mjs';
import { ids } from './lib/rest-seed.mjs';
import { PROFESSIONALS, seedIntegrations, seedWorkspace } from './lib/workspace-seed.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '' },
    'server-timing': { type: 'boolean', default: false },
    'compare-hints': { type: 'boolean', default: false },
  },
});
/**
 * With --server-timing the backend logs each request's server time (backend/src/http/request-timing.ts):
 * how long its statements waited for PGlite's one connection and how long they held it. The bench
 * prints them for the last run of each page.
 */
const SERVER_LOG = values['server-timing']
  ? join(tmpdir(), `promatch-dashboard-bench-${process.pid}.jsonl`)
  : '';
if (SERVER_LOG) {
  writeFileSync(SERVER_LOG, '');
  process.env.REQUEST_TIMING_LOG = SERVER_LOG;
}
const logSize = () => (SERVER_LOG ? statSync(SERVER_LOG).size : 0);
/** The requests the backend finished between two sizes of its log. */
function serverRequests(from, to) {
  if (!SERVER_LOG || to <= from) return [];
  const text = readFileSync(SERVER_LOG).subarray(from, to).toString('utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
const RUNS = Number(values.runs);
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

const stats = (figures) => {
  const sorted = [...figures].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1), all: figures };
};

/**
 * Run in the page every animation frame: the page's clock time once `spec`'s data is on screen
 * with no loading status left, { failed } on an error, false until then.
 */
function pageReady(spec) {
  if (spec.path && window.location.pathname !== spec.path) return false;
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
      // Drawn: the chart's surface with its x axis' labels, written once the data is laid out.
      // Not a path or a bar: a chart with nothing to plot (every day null or zero) has none.
      figures.every((f) => f.querySelector('svg.time-chart .visx-axis-bottom text'));
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
  const charts = chartChunk ? first((name) => name.endsWith(`/${chartChunk}`)) : undefined;
  const config = first((name) => name.endsWith('/config.json'));
  const supabaseJs = clientChunk ? first((name) => name.endsWith(`/${clientChunk}`)) : undefined;
  const slowest = data.reduce((a, b) => (b.duration > (a?.duration ?? -1) ? b : a), null);
  const received = (test) => first(test)?.responseEnd ?? NaN;
  return {
    document: performance.getEntriesByType('navigation')[0]?.responseEnd ?? NaN,
    mainJs: received((name) => /\/main\.[0-9a-f]{8}\.js$/.test(name)),
    appChunk: received((name) => /:3003\/__federation_expose_App\.[0-9a-f]{8}\.js$/.test(name)),
    pagesChunk: received((name) => /:3003\/pages\.[0-9a-f]{8}\.js$/.test(name)),
    shell: mark('promatch:shell-first-render'),
    session: mark('promatch:session-restored'),
    remoteEntry: remoteEntry ? remoteEntry.responseEnd : NaN,
    entryRun: mark('promatch:mf-dashboard-entry'),
    config: config ? config.responseEnd : NaN,
    supabaseJs: supabaseJs ? supabaseJs.responseEnd : NaN,
    firstData: Math.min(...data.map((entry) => entry.startTime)),
    lastData: Math.max(...data.map((entry) => entry.responseEnd)),
    charts: charts ? `${charts.startTime.toFixed(0)}–${charts.responseEnd.toFixed(0)}` : '',
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

/** Waits until `page` shows `spec`'s data; the page's clock time then. Names a page that never does. */
async function waitReady(page, path, spec) {
  const handle = await page
    .waitForFunction(pageReady, spec, { polling: 'raf', timeout: 60_000 })
    .catch(async (error) => {
      // say which page never got ready, and what it showed instead
      const shown = await page
        .evaluate(() => {
          const main = document.querySelector('#main-content');
          return {
            location: window.location.pathname,
            text: (main?.innerText ?? '(no #main-content)').replace(/\s+/g, ' ').slice(0, 400),
            statuses: [...(main?.querySelectorAll('[role="status"]') ?? [])].map(
              (el) => el.getAttribute('aria-label') || el.textContent,
            ),
            figures: main?.querySelectorAll('figure').length ?? 0,
            drawn: main?.querySelectorAll('figure svg.time-chart .visx-axis-bottom').length ?? 0,
          };
        })
        .catch(() => null);
      throw new Error(`${path}: not ready: ${error.message}; showed ${JSON.stringify(shown)}`);
    });
  const at = await handle.jsonValue();
  if (typeof at === 'object') throw new Error(`${path}: failed ${JSON.stringify(at.failed)}`);
  return at;
}

/**
 * Lets a page that has shown its data finish what it does next (the shell's extras, the service
 * worker's install), as a visitor reading it would, before the next step is timed.
 */
async function settle(page) {
  await page
    .evaluate(
      () =>
        new Promise((resolve) => {
          const timeout = setTimeout(resolve, 2000);
          if (!('serviceWorker' in navigator)) return;
          void navigator.serviceWorker.ready.then(() => {
            clearTimeout(timeout);
            resolve();
          });
        }),
    )
    .catch(() => undefined);
  await page.waitForTimeout(1000);
}

/**
 * A cold navigation to `path` in a fresh context; with `returning`, the same context then loads
 * the page again (a returning visitor: its content-hashed chunks cached, the service worker
 * installed, nothing kept in memory) and that time is given as `returning`.
 */
async function timePage(browser, session, path, spec, { returning = false, site = '' } = {}) {
  const context = await signedInContext(browser, session);
  const page = await context.newPage();
  try {
    const logFrom = logSize();
    await page.goto(`${site}${path}`, { waitUntil: 'commit' });
    const at = await waitReady(page, path, spec);
    const server = serverRequests(logFrom, logSize());
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
    let again = NaN;
    if (returning) {
      await settle(page);
      await page.goto(path, { waitUntil: 'commit' });
      again = await waitReady(page, path, spec);
    }
    return { at, ...breakdown, text, server, returning: again };
  } finally {
    await context.close();
  }
}

/**
 * An in-app navigation: the page `from` loads (cold, untimed) and settles, then the router is
 * sent to `path` the way its links send it (history.pushState, then the popstate event the
 * router listens to), and the time runs from that change until `path` shows its data. The
 * dashboard has no link to every one of these pages, so no real click is possible on each.
 */
async function timeInApp(browser, session, from, path, spec) {
  const context = await signedInContext(browser, session);
  const page = await context.newPage();
  try {
    await page.goto(from, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => {
        const main = document.querySelector('#main-content');
        return (
          Boolean(main?.querySelector('h1')) &&
          ![...main.querySelectorAll('[role="status"]')].some((el) =>
            /^(Loading|Checking)/.test(el.getAttribute('aria-label') || el.textContent || ''),
          )
        );
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    await settle(page);
    const started = await page.evaluate((target) => {
      const now = performance.now();
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      return now;
    }, path);
    const at = await waitReady(page, path, { ...spec, path });
    return at - started;
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
/** Where the in-app navigation starts: another dashboard page the account can open. */
const inAppOrigin = (path) => (path === '/dashboard' ? '/smart-notifications' : '/dashboard');
const wanted = values.pages ? new Set(values.pages.split(',')) : null;
const pages = PAGES.filter(([label]) => !wanted || wanted.has(label));

/** The build's chart chunk (named by number), to time it in the charting pages. */
const dashboardDist = new URL('../mf-dashboard/dist/', import.meta.url);
const CHART_CHUNK = readdirSync(dashboardDist).find(
  (file) =>
    file.endsWith('.js') &&
    readFileSync(new URL(file, dashboardDist), 'utf8').includes('visx-axis-bottom'),
);

/** The shell's supabase-js chunk, to see when the client could exist. */
const shellDist = new URL('../shell/dist/', import.meta.url);
const CLIENT_CHUNK = readdirSync(shellDist).find(
  (file) =>
    file.endsWith('.js') && readFileSync(new URL(file, shellDist), 'utf8').includes('GoTrueClient'),
);

const stack = await startSeededStack(PROFESSIONALS);
let browser;
/**
 * With --compare-hints, a second shell server from the same build serves the pages without the
 * preload hints (PRELOAD_HINTS=off, server/src/serve-app.mjs), and every round also times each
 * page cold there: the same code, machine and moment, with and without the hints.
 */
let plainShell;
try {
  if (values['compare-hints']) {
    const shellApp = APPS.find((app) => app.dir === 'shell');
    const port = await freePort();
    plainShell = await startApp(shellApp, {
      ports: { shell: port },
      env: { PRELOAD_HINTS: 'off' },
      quiet: true,
    });
    plainShell.site = `http://localhost:${port}`;
  }
  const seeded = Date.now();
  const db = serviceClient();
  const { accounts, counts } = await seedWorkspace(db);
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
  if (plainShell) {
    for (const [, account, path, spec] of pages)
      await timePage(browser, sessions[account], path, spec, { site: plainShell.site });
  }
  const runs = pages.map(() => []);
  const inApp = pages.map(() => []);
  const withoutHints = pages.map(() => []);
  const pricing = [];
  for (let run = 0; run < RUNS; run += 1) {
    for (const [i, [, account, path, spec]] of pages.entries()) {
      if (plainShell) {
        const plain = await timePage(browser, sessions[account], path, spec, {
          site: plainShell.site,
        });
        withoutHints[i].push(plain.at);
      }
      runs[i].push(await timePage(browser, sessions[account], path, spec, { returning: true }));
      inApp[i].push(await timeInApp(browser, sessions[account], inAppOrigin(path), path, spec));
    }
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
      `      received (medians, ms): document ${med(list.map((r) => r.document))}, shell main.js ${med(list.map((r) => r.mainJs))}, remote ./App chunk ${med(list.map((r) => r.appChunk))}, pages chunk ${med(list.map((r) => r.pagesChunk))}`,
    );
    console.log(
      `      slowest request per run (ms): ${list.map((r) => r.slowest).join('; ')}${list[0].charts ? `; chart chunk ${list.map((r) => r.charts).join(', ')}` : ''}`,
    );
    if (warm[i].text) console.log(`      panels (warm-up run): ${warm[i].text}`);
    console.log(`      backend requests of the last run (start–end ms): ${list.at(-1).timeline}`);
    if (SERVER_LOG) {
      const server = list.at(-1).server;
      const t0 = Math.min(...server.map((r) => r.start));
      console.log(
        `      server side of the last run (start ms from the first, queued + db = total ms): ${server
          .map(
            (r) =>
              `${r.path.replace(/^\/rest\/v1\//, '')} @${fmt(r.start - t0)} ${fmt(r.queued)}+${fmt(r.db)}=${fmt(r.end - r.start)}`,
          )
          .join(', ')}`,
      );
      const dbTotals = list.map((r) => r.server.reduce((n, q) => n + q.db, 0));
      console.log(
        `      database time per run, all requests before ready (ms): ${dbTotals.map(fmt).join(', ')}`,
      );
    }
    void label;
  }
  const p = stats(pricing);
  console.log(
    `  ${'reference: /pricing heading'.padEnd(36)} ${fmt(p.median).padStart(5)} ${fmt(p.max).padStart(6)}  | ${p.all.map(fmt).join(', ')}`,
  );
  if (worst > 1000) console.log(`  over budget: slowest run ${fmt(worst)} ms`);
  if (plainShell) {
    console.log(
      '\n  the same build without the preload hints (a second shell server, PRELOAD_HINTS=off), cold, run just before each cold run above',
    );
    for (const [i, [, account, path]] of pages.entries()) {
      const plain = stats(withoutHints[i]);
      const hinted = stats(runs[i].map((r) => r.at));
      console.log(
        `  ${`${path} (${account})`.padEnd(36)} ${fmt(plain.median).padStart(5)} ${fmt(plain.max).padStart(6)}  | ${plain.all.map(fmt).join(', ').padEnd(26)} | with hints ${fmt(hinted.median)}`,
      );
    }
  }
  console.log(
    "\n  second yardstick (not the budget's cold case): returning visitor (same context, second load) and in-app navigation (from the change of route)",
  );
  console.log(
    '  page (account)                      returning median max | each          || in-app median max | each (from)',
  );
  for (const [i, [, account, path]] of pages.entries()) {
    const again = stats(runs[i].map((r) => r.returning));
    const moved = stats(inApp[i]);
    console.log(
      `  ${`${path} (${account})`.padEnd(36)} ${fmt(again.median).padStart(5)} ${fmt(again.max).padStart(6)} | ${again.all.map(fmt).join(', ').padEnd(26)} || ${fmt(moved.median).padStart(5)} ${fmt(moved.max).padStart(6)} | ${moved.all.map(fmt).join(', ')} (from ${inAppOrigin(path)})`,
    );
  }
} finally {
  await browser?.close();
  if (plainShell) await stopProcess(plainShell.child);
  await stack.stop();
  if (SERVER_LOG) rmSync(SERVER_LOG, { force: true });
}
