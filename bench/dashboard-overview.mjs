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

/** ms from navigation start until every panel shows content (no skeleton, no error). */
async function timeOverview(browser, session, titles) {
  const context = await signedInContext(browser, session);
  const page = await context.newPage();
  try {
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      (expected) => {
        const sections = [...document.querySelectorAll('section[aria-labelledby]')].filter(
          (section) => expected.includes(section.querySelector('h3')?.textContent ?? ''),
        );
        if (sections.length < expected.length) return false;
        const loading = sections.some((s) =>
          s.querySelector('[role="status"][aria-label^="Loading"]'),
        );
        if (loading) return false;
        const failed = sections.filter((s) => s.querySelector('[role="alert"]'));
        return {
          at: performance.now(),
          failed: failed.map((s) => s.querySelector('h3').textContent),
        };
      },
      titles,
      { polling: 'raf', timeout: 60_000 },
    );
    const { at, failed } = await handle.jsonValue();
    if (failed.length) throw new Error(`panels failed: ${failed.join(', ')}`);
    return at;
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
  await timeOverview(browser, sessions.professional, PANELS.professional);
  await timeOverview(browser, sessions.business, PANELS.business);
  await timePricing(browser);
  const figures = { professional: [], business: [], pricing: [] };
  for (let run = 0; run < RUNS; run += 1) {
    figures.professional.push(
      await timeOverview(browser, sessions.professional, PANELS.professional),
    );
    figures.business.push(await timeOverview(browser, sessions.business, PANELS.business));
    figures.pricing.push(await timePricing(browser));
  }
  const line = (label, list) => {
    const s = stats(list);
    return `  ${label.padEnd(34)} median ${s.median.toFixed(0)} ms, max ${s.max.toFixed(0)} ms  (${s.all.map((v) => v.toFixed(0)).join(', ')})`;
  };
  console.log(
    `\nDashboard overview — ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, PGlite`,
  );
  console.log(
    `  data: ${counts.professionals} professionals, ${counts.businesses} businesses, ${counts.projects} projects, ${counts.proposals} proposals (backend seed ${stack.seedSeconds.toFixed(0)} s, projects ${workspaceSeconds.toFixed(0)} s)`,
  );
  console.log(`  load average (1/5/15 min) at the end: ${loadAverage()}`);
  console.log(`  cold context per run, ${RUNS} runs each; budget: all panels within 1000 ms`);
  console.log(line('professional: all 6 panels', figures.professional));
  console.log(line('business: all 5 panels', figures.business));
  console.log(line('reference: /pricing heading', figures.pricing));
} finally {
  await browser?.close();
  await stack.stop();
}
