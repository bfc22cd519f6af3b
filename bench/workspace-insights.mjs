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

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    professionals: { type: 'string', default: '10000' },
  },
});
const RUNS = Number(values.runs);
const PROFESSIONALS = Number(values.professionals);
const DEMO_PASSWORD = 'promatch-demo'; // backend/src/seed/seed-db.ts
const DAY = 86_400_000;
const CATEGORIES = ['software-development', 'cloud-services', 'cybersecurity', 'ux-ui-design'];

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

const ago = (days, extraMs = 0) => new Date(Date.now() - days * DAY + extraMs).toISOString();

async function seedActivity() {
  const db = serviceClient();
  const businesses = await ids(db, 'business', 1000);
  const professionals = await ids(db, 'professional', 2000);
  const [business] = businesses;
  const [professional] = professionals;

  // the professional's profile figures: every day of the last year
  await insertInBatches(
    db,
    'profile_stats_daily',
    Array.from({ length: 366 }, (_, i) => ({
      professional_id: professional,
      day: ago(i).slice(0, 10),
      views: 5 + (i % 7),
      search_appearances: 40 + (i % 13),
    })),
    'professional_id',
  );

  // 100 conversations, 20 messages each, alternating, spread over the year
  const conversations = await insertInBatches(
    db,
    'conversations',
    businesses
      .slice(1, 101)
      .map((other) => ({ participant_1: other, participant_2: professional })),
  );
  const messages = conversations.flatMap((conversation, c) =>
    Array.from({ length: 20 }, (_, m) => ({
      conversation_id: conversation.id,
      sender_id: m % 2 === 0 ? businesses[1 + c] : professional,
      content: `Bench message ${m}`,
      created_at: ago((c * 3 + Math.floor(m / 2)) % 365, m * 600_000),
    })),
  );
  await insertInBatches(db, 'messages', messages);

  // 3,000 projects over the year; 2,400 hired (the business owns every 10th), with accepted rates
  const projects = Array.from({ length: 3000 }, (_, i) => {
    const hired = i % 5 !== 4;
    const postedDaysAgo = 5 + (i % 355);
    return {
      owner_id: i % 10 === 0 ? business : businesses[1 + (i % (businesses.length - 1))],
      title: `Bench hire ${i}`,
      category: CATEGORIES[i % CATEGORIES.length],
      budget_type: i % 3 === 0 ? 'fixed' : 'day',
      budget_min: 400,
      budget_max: 700,
      status: hired ? 'in_progress' : 'open',
      published_at: ago(postedDaysAgo),
      hired_professional_id: hired ? professionals[1 + (i % (professionals.length - 1))] : null,
      hired_at: hired ? ago(postedDaysAgo - 1 - (i % 4)) : null,
    };
  });
  const projectRows = await insertInBatches(
    db,
    'projects',
    projects,
    'id, hired_professional_id, budget_type',
  );
  const accepted = projectRows
    .filter((p) => p.hired_professional_id)
    .map((p, i) => ({
      project_id: p.id,
      professional_id: p.hired_professional_id,
      cover_letter: 'Bench proposal',
      proposed_rate: p.budget_type === 'fixed' ? 8000 + (i % 20) * 250 : 400 + (i % 13) * 25,
      status: 'accepted',
    }));
  await insertInBatches(db, 'project_applications', accepted);
  // 300 proposals from the professional, a third declined
  const open = projectRows.filter((p) => !p.hired_professional_id).slice(0, 300);
  await insertInBatches(
    db,
    'project_applications',
    open.map((p, i) => ({
      project_id: p.id,
      professional_id: professional,
      cover_letter: 'Bench proposal',
      proposed_rate: 500,
      status: i % 3 === 0 ? 'declined' : 'submitted',
      created_at: ago(i % 365),
    })),
  );
  await insertInBatches(
    db,
    'appointments',
    Array.from({ length: 100 }, (_, i) => ({
      business_id: businesses[1 + i],
      professional_id: professional,
      created_by: businesses[1 + i],
      title: `Bench meeting ${i}`,
      starts_at: ago(i * 3 - 2),
      ends_at: ago(i * 3 - 2, 3_600_000),
      status: 'completed',
      created_at: ago(i * 3),
    })),
  );
  // the business is also an admin, for the testing portal
  const admin = await db
    .from('admin_users')
    .insert({ user_id: business, role: 'admin', is_active: true, permissions: {} });
  if (admin.error) throw admin.error;

  const emails = await Promise.all(
    [professional, business].map(async (id) => {
      const { data, error } = await db.auth.admin.getUserById(id);
      if (error) throw error;
      return data.user.email;
    }),
  );
  return { professional: emails[0], business: emails[1], messages: messages.length };
}

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
          const drawn = [...figures].every((f) => f.querySelector('svg.recharts-surface path'));
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
  const accounts = await seedActivity();
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
