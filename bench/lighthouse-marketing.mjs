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
 * Budgets (docs/benchmarks.md): performance >= 90 and total blocking time <= 200 ms idle,
 * performance >= 80 with one core busy (accessibility, best practices and SEO are printed too).
 * Prints a Markdown table and exits 1 when a budget is missed. `--save DIR` keeps every report.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import * as stack from '../scripts/stack.mjs';

const { runtimeConfigFromEnv } = createRequire(import.meta.url)('@promatch/shared/runtime-config');

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.LIGHTHOUSE_RUNS ?? '5' },
    busy: { type: 'boolean', default: false },
    pages: { type: 'string' },
    // Keep each run's full report (JSON) in this folder, to see where the time went.
    save: { type: 'string' },
  },
});
const RUNS = Number(options.runs);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PROFILE = '<profile>';
const PAGES = options.pages?.split(',') ?? ['/', '/search?q=react', PROFILE, '/pricing', '/login'];
const BUDGET = options.busy ? { performance: 80, tbt: Infinity } : { performance: 90, tbt: 200 };
const lighthouseBin = path.join(stack.ROOT, 'node_modules/.bin/lighthouse');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let saved = 0;
function lighthouse(url) {
  const result = spawnSync(
    lighthouseBin,
    [
      url,
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
  };
}

async function firstProfilePath() {
  const response = await fetch(
    `http://localhost:${stack.BACKEND_PORT}/rest/v1/rpc/search_professionals`,
    {
      method: 'POST',
      headers: {
        apikey: runtimeConfigFromEnv(process.env).supabaseAnonKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ p_query: 'react', p_page_size: 1 }),
    },
  );
  const { items } = await response.json();
  return `/professional/${items[0].id}`;
}

/** One page's runs as a Markdown row, and whether it keeps the budget. */
function summarise(label, runs) {
  const m = Object.fromEntries(
    [...CATEGORIES, 'tbt', 'lcp', 'benchmarkIndex'].map((key) => [
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
    ok ? '✅' : '❌',
  ];
  return { row: `| ${row.join(' | ')} |`, ok };
}

async function main() {
  if (options.save) mkdirSync(options.save, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-lighthouse-'));
  await stack.writeRuntimeFiles(process.env);
  const children = [];
  let busy;
  const failures = [];
  try {
    const backend = await stack.startBackend({
      quiet: true,
      env: { DATA_DIR: dataDir, SEED_DEMO_PROFESSIONALS: '500' },
    });
    children.push(backend.child);
    for (const app of stack.APPS) children.push((await stack.startApp(app, { quiet: true })).child);
    const profile = await firstProfilePath();
    // One warm-up load per page, not measured: the first server render after a start is slower.
    for (const page of PAGES)
      await fetch(`http://localhost:3000${page === PROFILE ? profile : page}`);
    if (options.busy) busy = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    console.log(
      `Lighthouse mobile, median of ${RUNS}${options.busy ? ', one core kept busy' : ''}; ` +
        `${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' / ')} at the start`,
    );
    console.log(
      '| page | performance (runs) | TBT ms (runs) | LCP | a11y / best practices / SEO | CPU benchmark index (min–max) | budget |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const page of PAGES) {
      const url = `http://localhost:3000${page === PROFILE ? profile : page}`;
      const runs = Array.from({ length: RUNS }, () => lighthouse(url));
      const { row, ok } = summarise(page === PROFILE ? 'a profile' : page, runs);
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
    await Promise.all(children.map((child) => stack.stopProcess(child)));
    rmSync(dataDir, { recursive: true, force: true });
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
