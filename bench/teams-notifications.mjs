#!/usr/bin/env node
/**
 * Budget: /teams and /smart-notifications each show their data within 1.0 s of navigation, on a
 * seeded database (10,000 demo professionals and their businesses). One demo business owns a team
 * of 8 (2 admins, 5 members), with 25 shared favourites and 10 shared projects; it has 60
 * notifications (40 unread) and saved preferences. A cold browser context per run: navigate, time
 * from navigation start until the page shows its data with no loading status left (/teams: the
 * team's members, shared favourites and projects, and its open invitations; /smart-notifications:
 * the notification list and the preferences form), and until the header's bell shows the unread
 * count. Needs a build; run under the machine-wide lock:
 *   flock /tmp/e2e.lock node bench/teams-notifications.mjs [--runs 5]
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
import { seedTeam } from './lib/team-seed.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const PROFESSIONALS = 10_000;
const DEMO_PASSWORD = 'promatch-demo'; // backend/src/seed/seed-db.ts

/** ms from navigation start until `ready` holds in the page, and until the bell shows its count. */
async function time(browser, session, path, ready) {
  const context = await signedInContext(browser, session);
  const page = await context.newPage();
  try {
    await page.goto(path, { waitUntil: 'commit' });
    const data = await (
      await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 60_000 })
    ).jsonValue();
    const bell = await (
      await page.waitForFunction(
        () =>
          document.querySelector('header a[aria-label^="Notifications, "]')
            ? performance.now()
            : false,
        undefined,
        { polling: 'raf', timeout: 60_000 },
      )
    ).jsonValue();
    return { data, bell };
  } finally {
    await context.close();
  }
}

const teamsReady = () => {
  const loading = [...document.querySelectorAll('main [role="status"]')].some((el) =>
    el.textContent?.startsWith('Loading'),
  );
  const team = document.querySelector('main article');
  if (loading || !team) return false;
  const ok =
    (team.textContent ?? '').includes('Members (8)') &&
    team.querySelectorAll('a[href^="/professional/"]').length === 25 &&
    team.querySelectorAll('a[href^="/projects/"]').length === 10;
  return ok ? performance.now() : false;
};

const notificationsReady = () => {
  const items = document.querySelectorAll('main ul[aria-label="Notifications"] > li');
  const form = document.querySelector('main button[type="submit"]');
  const loading = [...document.querySelectorAll('main [role="status"]')].some((el) =>
    el.textContent?.startsWith('Loading'),
  );
  return items.length === 50 && form && !loading ? performance.now() : false;
};

const stats = (figures) => {
  const sorted = [...figures].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1), all: figures };
};

const stack = await startSeededStack(PROFESSIONALS);
let browser;
try {
  const email = await seedTeam(serviceClient());
  const session = await sessionFor(email, DEMO_PASSWORD);
  browser = await chromium.launch(chromiumLaunchOptions());
  // one unmeasured load of each page first, so every measured run meets the same warm servers
  await time(browser, session, '/teams', teamsReady);
  await time(browser, session, '/smart-notifications', notificationsReady);
  const runs = { teams: [], notifications: [] };
  for (let run = 0; run < RUNS; run += 1) {
    runs.teams.push(await time(browser, session, '/teams', teamsReady));
    runs.notifications.push(
      await time(browser, session, '/smart-notifications', notificationsReady),
    );
  }
  const fmt = (value) => value.toFixed(0);
  const line = (label, list) => {
    const s = stats(list);
    return `  ${label.padEnd(40)} median ${fmt(s.median)} ms, max ${fmt(s.max)} ms  (${s.all.map(fmt).join(', ')})`;
  };
  console.log(
    `\nTeams and smart notifications — ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, PGlite`,
  );
  console.log(
    `  data: ${PROFESSIONALS} demo professionals (backend seed ${stack.seedSeconds.toFixed(0)} s); a team of 8 with 25 shared favourites and 10 shared projects; 60 notifications, 40 unread`,
  );
  console.log(`  load average (1/5/15 min) at the end: ${loadAverage()}`);
  console.log(`  cold context per run, ${RUNS} runs; budget: each page's data within 1000 ms`);
  console.log(
    line(
      '/teams: members, favourites, projects',
      runs.teams.map((r) => r.data),
    ),
  );
  console.log(
    line(
      '/smart-notifications: list and form',
      runs.notifications.map((r) => r.data),
    ),
  );
  console.log(
    line(
      'header bell with its count',
      [...runs.teams, ...runs.notifications].map((r) => r.bell),
    ),
  );
  const worst = Math.max(
    ...runs.teams.map((r) => r.data),
    ...runs.notifications.map((r) => r.data),
  );
  if (worst > 1000) {
    console.log(`  OVER BUDGET: slowest run ${fmt(worst)} ms`);
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  await stack.stop();
}
