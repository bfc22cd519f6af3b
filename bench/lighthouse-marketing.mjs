#!/usr/bin/env node
/**
 * Benchmark: Lighthouse 13 (mobile preset, Debian chromium) on /, /search?q=react and a
 * professional profile, median of 3 runs per page. Starts the production build (run
 * `node scripts/build-all.mjs` first) on a fresh backend with 500 demo professionals, so run it
 * under the e2e lock: it uses the site's fixed ports.
 *   flock /tmp/e2e.lock node bench/lighthouse-marketing.mjs
 * Budget: performance >= 90, accessibility, best practices and SEO >= 95 (docs/benchmarks.md).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as stack from '../scripts/stack.mjs';

const { runtimeConfigFromEnv } = createRequire(import.meta.url)(
  '../shared/federation/runtime-config.cjs',
);

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const lighthouseBin = path.join(stack.ROOT, 'node_modules/.bin/lighthouse');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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
  return Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round(report.categories[c].score * 100)]),
  );
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

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-lighthouse-'));
  await stack.writeRuntimeFiles(process.env);
  const children = [];
  try {
    const backend = await stack.startBackend({
      quiet: true,
      env: { DATA_DIR: dataDir, SEED_DEMO_PROFESSIONALS: '500' },
    });
    children.push(backend.child);
    for (const app of stack.APPS) children.push((await stack.startApp(app, { quiet: true })).child);
    const pages = ['/', '/search?q=react', await firstProfilePath()];
    for (const page of pages) {
      const runs = Array.from({ length: RUNS }, () => lighthouse(`http://localhost:3000${page}`));
      const medians = Object.fromEntries(
        CATEGORIES.map((c) => [c, median(runs.map((run) => run[c]))]),
      );
      console.log(
        `${page.padEnd(52)} ${CATEGORIES.map((c) => `${c} ${medians[c]}`).join(', ')}  (runs: ${runs.map((r) => r.performance).join('/')})`,
      );
    }
  } finally {
    await Promise.all(children.map((child) => stack.stopProcess(child)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
