#!/usr/bin/env node
/**
 * Benchmark: Lighthouse 13 (mobile preset, Debian chromium) on the public pages `/`,
 * `/search?q=react`, a professional's profile, `/pricing` and `/login`, median of 5 runs per page.
 * Every figure comes with Lighthouse's CPU benchmark index (`environment.benchmarkIndex`) of the
 * runs behind it: on these shared machines it moves by a third within minutes, and a score is
 * only comparable with the index it was measured at.
 *
 * Starts the production build (run `npm run build` first) on a fresh backend with 500 demo
 * professionals, so run it under the e2e lock: it uses the site's fixed ports.
 *   flock /tmp/e2e.lock node bench/lighthouse-marketing.mjs            # idle machine
 *   flock /tmp/e2e.lock node bench/lighthouse-marketing.mjs --busy     # one core kept busy
 *   flock /tmp/e2e.lock node bench/lighthouse-marketing.mjs --runs 3 --pages /,/pricing
 * `--busy` spawns `node -e "for(;;){}"` for the whole run (one of the two cores taken), as when
 * another program shares the phone's CPU.
 *
 * `--calibrate-to 1800` scales Lighthouse's CPU slowdown (4x by default) to the machine, as
 * Lighthouse's docs/throttling.md advises: 4 x (this machine's benchmark index / 1800), read from
 * the run before, so a machine twice as fast as one of index 1,800 is slowed 8x and both emulate
 * the same phone. The budgets are written for a machine of about that index; on a faster or slower
 * one the default 4x measures a faster or slower phone.
 *
 * Budgets (docs/benchmarks.md): performance >= 90 and total blocking time <= 200 ms idle,
 * performance >= 80 with one core busy (accessibility, best practices and SEO are printed too).
 * Prints a Markdown table and exits 1 when a budget is missed. `--save DIR` keeps every report.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as stack from '../scripts/stack.mjs';
import { pageLabel, PUBLIC_PAGES, startPublicSite } from './lib/public-site.mjs';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.LIGHTHOUSE_RUNS ?? '5' },
    busy: { type: 'boolean', default: false },
    pages: { type: 'string' },
    // Keep each run's full report (JSON) in this folder, to see where the time went.
    save: { type: 'string' },
    'calibrate-to': { type: 'string' },
  },
});
const CALIBRATE_TO = options['calibrate-to'] ? Number(options['calibrate-to']) : undefined;
const DEFAULT_SLOWDOWN = 4;
const RUNS = Number(options.runs);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PAGES = options.pages?.split(',') ?? PUBLIC_PAGES;
const BUDGET = options.busy ? { performance: 80, tbt: Infinity } : { performance: 90, tbt: 200 };
const lighthouseBin = path.join(stack.ROOT, 'node_modules/.bin/lighthouse');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let saved = 0;
function lighthouse(url, slowdown = DEFAULT_SLOWDOWN) {
  const result = spawnSync(
    lighthouseBin,
    [
      url,
      `--throttling.cpuSlowdownMultiplier=${slowdown}`,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  if (options.save) {
    saved += 1;
    writeFileSync(
      path.join(options.save, `run-${String(saved).padStart(2, '0')}.json`),
      result.stdout,
    );
  }
  return {
    ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(report.categories[c].score * 100)])),
    tbt: Math.round(report.audits['total-blocking-time'].numericValue),
    lcp: Math.round(report.audits['largest-contentful-paint'].numericValue),
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
    slowdown,
  };
}

/** The slowdown for the next run: the default, or scaled to the index the last run measured. */
let lastIndex;
function nextSlowdown() {
  if (!CALIBRATE_TO || !lastIndex) return DEFAULT_SLOWDOWN;
  return Math.round((DEFAULT_SLOWDOWN * lastIndex * 10) / CALIBRATE_TO) / 10;
}

function measure(url) {
  const run = lighthouse(url, nextSlowdown());
  lastIndex = run.benchmarkIndex;
  return run;
}

/** One page's runs as a Markdown row, and whether it keeps the budget. */
function summarise(label, runs) {
  const m = Object.fromEntries(
    [...CATEGORIES, 'tbt', 'lcp', 'benchmarkIndex', 'slowdown'].map((key) => [
      key,
      median(runs.map((run) => run[key])),
    ]),
  );
  const indexes = runs.map((run) => run.benchmarkIndex);
  const ok = m.performance >= BUDGET.performance && m.tbt <= BUDGET.tbt;
  const row = [
    `\`${label}\``,
    `${m.performance} (${runs.map((run) => run.performance).join('/')})`,
    `${m.tbt} (${runs.map((run) => run.tbt).join('/')})`,
    `${(m.lcp / 1000).toFixed(1)} s`,
    `${m.accessibility} / ${m['best-practices']} / ${m.seo}`,
    `${m.benchmarkIndex} (${Math.min(...indexes)}–${Math.max(...indexes)})`,
    `${m.slowdown}×`,
    ok ? '✅' : '❌',
  ];
  return { row: `| ${row.join(' | ')} |`, ok };
}

async function main() {
  if (options.save) mkdirSync(options.save, { recursive: true });
  const site = await startPublicSite(PAGES, 'lighthouse');
  let busy;
  const failures = [];
  try {
    // Calibration reads the machine's index from one unmeasured run first.
    if (CALIBRATE_TO) measure(site.url(PAGES[0]));
    if (options.busy) busy = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    console.log(
      `Lighthouse mobile, median of ${RUNS}${options.busy ? ', one core kept busy' : ''}` +
        `${CALIBRATE_TO ? `, CPU slowdown scaled to a benchmark index of ${CALIBRATE_TO}` : ''}; ` +
        `${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' / ')} at the start`,
    );
    console.log(
      '| page | performance (runs) | TBT ms (runs) | LCP | a11y / best practices / SEO | CPU benchmark index (min–max) | CPU slowdown | budget |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const page of PAGES) {
      const runs = Array.from({ length: RUNS }, () => measure(site.url(page)));
      const { row, ok } = summarise(pageLabel(page), runs);
      console.log(row);
      if (!ok) failures.push(page);
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} at the end`,
    );
  } finally {
    busy?.kill();
    await site.stop();
  }
  if (failures.length > 0) {
    console.error(`over budget: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
