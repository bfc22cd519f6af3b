#!/usr/bin/env node
/**
 * Budget: the analytics dashboard, business intelligence and testing portal each have their data
 * rendered within 1.0 s of navigation, on a seeded database (demo professionals from the backend
 * seed, then a year of activity added here: for one professional 366 days of profile figures,
 * 100 conversations with 2,000 messages, 300 proposals and 100 appointments; 3,000 projects of
 * which 2,400 hired over the year, 300 of them by one business).
 * For each page, a cold signed-in browser context: time from navigation start until its figures
 * show and every chart has drawn (analytics, BI), or until the apps and backend tables show (the
 * testing portal); then the self-checks run from the button. Also the two functions called
 * directly at their largest range. Needs a build; run under the machine-wide lock:
 *   flock /tmp/e2e.lock node bench/workspace-insights.mjs [--runs 5] [--professionals 10000]
 */
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import {
  BACKEND_URL,
  loadAverage,
  serviceClient,
  sessionFor,
  signedInContext,
  startSeededStack,
} from './lib/seeded-stack.mjs';
import { ago, seedActivity } from './lib/insights-seed.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    professionals: { type: 'string', default: '10000' },
  },
});
const RUNS = Number(values.runs);
const PROFESSIONALS = Number(values.professionals);
const DEMO_PASSWORD = 'promatch-demo'; // backend/src/seed/seed-db.ts

const stats = (figures) => {
  const sorted = [...figures].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1), all: figures };
};

/** ms from navigation start until `ready` (run in the page) answers true. */
async function timePage(browser, session, path, ready) {
  const context = await signedInContext(browser, session);
  const page = await context.newPage();
  try {
    await page.goto(path, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      ({ kind, charts }) => {
        const main = document.querySelector('#main-content');
        const alert = main?.querySelector('[role="alert"]');
        if (alert) return { failed: alert.textContent };
        if (kind === 'charts') {
          const figures = main?.querySelectorAll('figure') ?? [];
          if (!main?.querySelector('dl dd') || figures.length < charts) return false;
          // the chart's surface with its axis labels: a chart with nothing to plot has no path
          const drawn = [...figures].every((f) =>
            f.querySelector('svg.time-chart .visx-axis-bottom text'),
          );
          return drawn ? { at: performance.now() } : false;
        }
        const table = (caption) =>
          [...(main?.querySelectorAll('table') ?? [])].find(
            (t) => t.querySelector('caption')?.textContent === caption,
          );
        const apps = table('Deployed apps');
        const ready =
          apps && table('Backend components') && apps.querySelectorAll('tbody tr').length === 6;
        return ready ? { at: performance.now() } : false;
      },
      ready,
      { polling: 'raf', timeout: 60_000 },
    );
    const result = await handle.jsonValue();
    if (result.failed) throw new Error(`${path}: ${result.failed}`);
    let selfChecks;
    if (path === '/testing-portal') {
      const started = Date.now();
      await page.getByRole('button', { name: 'Run all self-checks' }).click();
      await page.getByText(/of 5 self-checks passed/).waitFor({ timeout: 60_000 });
      selfChecks = Date.now() - started;
      const summary = await page.getByText(/of 5 self-checks passed/).textContent();
      if (!summary.startsWith('5 of 5')) throw new Error(`self-checks: ${summary}`);
    }
    return { ms: result.at, selfChecks };
  } finally {
    await context.close();
  }
}

async function timeRpc(session, fn, args) {
  const started = performance.now();
  const response = await fetch(`${BACKEND_URL}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: session.anonKey,
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`${fn}: ${response.status} ${await response.text()}`);
  await response.json();
  return performance.now() - started;
}

const stack = await startSeededStack(PROFESSIONALS);
let browser;
try {
  const seeded = Date.now();
  const accounts = await seedActivity(serviceClient());
  const seedSeconds = (Date.now() - seeded) / 1000;
  const sessions = {
    professional: await sessionFor(accounts.professional, DEMO_PASSWORD),
    business: await sessionFor(accounts.business, DEMO_PASSWORD),
  };
  browser = await chromium.launch(chromiumLaunchOptions());
  const pages = [
    // the readiness test: every chart drawn (how many the page has), or the portal's tables
    [
      'analytics (professional)',
      sessions.professional,
      '/analytics-dashboard',
      { kind: 'charts', charts: 6 },
    ],
    [
      'analytics (business)',
      sessions.business,
      '/analytics-dashboard',
      { kind: 'charts', charts: 5 },
    ],
    [
      'business intelligence',
      sessions.business,
      '/business-intelligence',
      { kind: 'charts', charts: 4 },
    ],
    ['testing portal (admin)', sessions.business, '/testing-portal', { kind: 'portal', charts: 0 }],
  ];
  // one unmeasured load of each page first, so every measured run meets the same warm servers
  for (const [, session, path, ready] of pages) await timePage(browser, session, path, ready);
  const runs = Object.fromEntries(pages.map(([label]) => [label, []]));
  const selfChecks = [];
  for (let run = 0; run < RUNS; run += 1) {
    for (const [label, session, path, ready] of pages) {
      const result = await timePage(browser, session, path, ready);
      runs[label].push(result.ms);
      if (result.selfChecks !== undefined) selfChecks.push(result.selfChecks);
    }
  }
  const anonKey = (await (await fetch('http://localhost:3000/config.json')).json()).supabaseAnonKey;
  const today = new Date().toISOString().slice(0, 10);
  const rpc = { analytics: [], insights: [] };
  for (let run = 0; run < RUNS; run += 1) {
    rpc.analytics.push(
      await timeRpc({ ...sessions.professional, anonKey }, 'my_analytics', {
        p_from: ago(366).slice(0, 10),
        p_to: today,
      }),
    );
    rpc.insights.push(
      await timeRpc({ ...sessions.business, anonKey }, 'business_insights', {
        p_from: ago(731).slice(0, 10),
        p_to: today,
      }),
    );
  }
  const fmt = (value) => value.toFixed(0);
  const line = (label, list) => {
    const s = stats(list);
    return `  ${label.padEnd(44)} median ${fmt(s.median)} ms, max ${fmt(s.max)} ms  (${s.all.map(fmt).join(', ')})`;
  };
  console.log(
    `\nWorkspace insights — ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, PGlite`,
  );
  console.log(
    `  data: ${PROFESSIONALS} demo professionals (backend seed ${stack.seedSeconds.toFixed(0)} s); added ${accounts.messages} messages, 3000 projects, 2400 hires (${seedSeconds.toFixed(0)} s)`,
  );
  console.log(`  load average (1/5/15 min) at the end: ${loadAverage()}`);
  console.log(`  cold context per run, ${RUNS} runs each; budget: data rendered within 1000 ms`);
  for (const [label] of pages) console.log(line(`${label}: data and charts`, runs[label]));
  console.log(line('testing portal: all five self-checks', selfChecks));
  console.log(line('my_analytics over 366 days (REST)', rpc.analytics));
  console.log(line('business_insights over 731 days (REST)', rpc.insights));
  const over = pages.filter(([label]) => stats(runs[label]).median > 1000).map(([l]) => l);
  if (over.length) {
    console.log(`  OVER BUDGET: ${over.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  await stack.stop();
}
