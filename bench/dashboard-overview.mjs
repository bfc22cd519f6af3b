#!/usr/bin/env node
/**
 * Issue 12 budget: the dashboard overview has all its panels rendered within 1.0 s of navigation,
 * on a seeded database (10,000 demo professionals, their businesses, 2,000 projects with
 * proposals). For one demo professional and one demo business: a cold browser context, navigate
 * to /dashboard, time from navigation start to every overview panel (a region with a heading)
 * showing its content with no loading skeleton left. Reference in the same run: a cold navigation
 * to /pricing until its heading shows. Needs a build; run under the machine-wide lock:
 *   flock /tmp/e2e.lock node bench/dashboard-overview.mjs [--runs 5]
 */
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

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
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

/**
 * ms from navigation start until every panel shows content (no skeleton, no error), and where the
 * time went: the shell's first render, all panel headings (skeletons) on screen, and the backend
 * requests the page made (count, first start, last end, slowest).
 */
async function timeOverview(browser, session, titles) {
  const context = await signedInContext(browser, session);
  const page = await context.newPage();
  try {
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const headings = await page.waitForFunction(
      (expected) => {
        const sections = [...document.querySelectorAll('section[aria-labelledby]')].filter(
          (section) => expected.includes(section.querySelector('h3')?.textContent ?? ''),
        );
        return sections.length >= expected.length ? performance.now() : false;
      },
      titles,
      { polling: 'raf', timeout: 60_000 },
    );
    const headingsAt = await headings.jsonValue();
    const handle = await page.waitForFunction(
      (expected) => {
        const sections = [...document.querySelectorAll('section[aria-labelledby]')].filter(
          (section) => expected.includes(section.querySelector('h3')?.textContent ?? ''),
        );
        const loading = sections.some((s) =>
          s.querySelector('[role="status"][aria-label^="Loading"]'),
        );
        if (loading) return false;
        const at = performance.now();
        const api = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes(':54321/'));
        const slowest = api.reduce((a, b) => (b.duration > (a?.duration ?? -1) ? b : a), null);
        return {
          at,
          shellAt: performance.getEntriesByName('promatch:shell-first-render')[0]?.startTime ?? NaN,
          failed: sections
            .filter((s) => s.querySelector('[role="alert"]'))
            .map((s) => s.querySelector('h3').textContent),
          text: sections.map((s) => s.innerText.replace(/\s+/g, ' ').slice(0, 120)),
          requests: api.length,
          firstRequest: Math.min(...api.map((entry) => entry.startTime)),
          lastResponse: Math.max(...api.map((entry) => entry.responseEnd)),
          slowest: slowest
            ? `${new URL(slowest.name).pathname} ${slowest.duration.toFixed(0)} ms`
            : 'none',
        };
      },
      titles,
      { polling: 'raf', timeout: 60_000 },
    );
    const result = await handle.jsonValue();
    if (result.failed.length) throw new Error(`panels failed: ${result.failed.join(', ')}`);
    return { ...result, headingsAt };
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

const stack = await startSeededStack(PROFESSIONALS);
let browser;
try {
  const seeded = Date.now();
  const { accounts, counts } = await seedWorkspace();
  const workspaceSeconds = (Date.now() - seeded) / 1000;
  const sessions = {
    professional: await sessionFor(accounts.professional, DEMO_PASSWORD),
    business: await sessionFor(accounts.business, DEMO_PASSWORD),
  };
  browser = await chromium.launch(chromiumLaunchOptions());
  // one unmeasured load of each page first, so every measured run meets the same warm servers
  const warm = {
    professional: await timeOverview(browser, sessions.professional, PANELS.professional),
    business: await timeOverview(browser, sessions.business, PANELS.business),
  };
  await timePricing(browser);
  const runs = { professional: [], business: [], pricing: [] };
  for (let run = 0; run < RUNS; run += 1) {
    runs.professional.push(await timeOverview(browser, sessions.professional, PANELS.professional));
    runs.business.push(await timeOverview(browser, sessions.business, PANELS.business));
    runs.pricing.push(await timePricing(browser));
  }
  const fmt = (value) => value.toFixed(0);
  const line = (label, list) => {
    const s = stats(list);
    return `  ${label.padEnd(34)} median ${fmt(s.median)} ms, max ${fmt(s.max)} ms  (${s.all.map(fmt).join(', ')})`;
  };
  console.log(
    `\nDashboard overview — ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, PGlite`,
  );
  console.log(
    `  data: ${counts.professionals} professionals, ${counts.businesses} businesses, ${counts.projects} projects, ${counts.proposals} proposals (backend seed ${stack.seedSeconds.toFixed(0)} s, projects ${workspaceSeconds.toFixed(0)} s)`,
  );
  console.log(`  load average (1/5/15 min) at the end: ${loadAverage()}`);
  console.log(`  cold context per run, ${RUNS} runs each; budget: all panels within 1000 ms`);
  for (const kind of ['professional', 'business']) {
    const list = runs[kind];
    console.log(
      line(
        `${kind}: all ${PANELS[kind].length} panels`,
        list.map((r) => r.at),
      ),
    );
    console.log(
      line(
        '  shell first render',
        list.map((r) => r.shellAt),
      ),
    );
    console.log(
      line(
        '  panel headings + skeletons',
        list.map((r) => r.headingsAt),
      ),
    );
    console.log(
      line(
        '  first backend request starts',
        list.map((r) => r.firstRequest),
      ),
    );
    console.log(
      line(
        '  last backend response ends',
        list.map((r) => r.lastResponse),
      ),
    );
    console.log(
      `    backend requests per load: ${list.map((r) => r.requests).join(', ')}; slowest: ${list.map((r) => r.slowest).join('; ')}`,
    );
    console.log(`    panels (warm-up run): ${warm[kind].text.join(' | ')}`);
  }
  console.log(line('reference: /pricing heading', runs.pricing));
} finally {
  await browser?.close();
  await stack.stop();
}
