#!/usr/bin/env node
/**
 * Benchmark: messaging in the browser (the budgets in docs/benchmarks.md), Playwright-driven against the built
 * site with the e2e stack: a message sent in one browser to rendered in the other (p95 at most
 * 150 ms), and a 5,000-message thread opening (under 300 ms) and scrolling to the top.
 * Runs on PGlite, then on PostgreSQL in a fresh database on 127.0.0.1:5432 (dropped after) when
 * one answers there. Needs a build (`npm run build`); run under the machine-wide lock:
 *   flock /tmp/e2e.lock node bench/messaging-browser.mjs
 * MESSAGING_BENCH_DB=pglite (or postgres) runs one database only.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.env.MESSAGING_BENCH_DB;

function psql(sql) {
  return spawnSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-c', sql], {
    encoding: 'utf8',
  });
}

function run(label, env) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/playwright'),
    ['test', '-c', 'bench/messaging/playwright.config.ts'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env, MESSAGING_BENCH_LABEL: label } },
  );
  return result.status ?? 1;
}

let status = 0;
if (only !== 'postgres') status ||= run('pglite', { DATABASE_URL: '' });
if (only !== 'pglite') {
  const database = `pm_bench_${randomUUID().slice(0, 8)}`;
  if (psql(`create database ${database}`).status !== 0) {
    console.log('[postgres] SKIPPED: nothing answers on 127.0.0.1:5432');
  } else {
    try {
      status ||= run('postgres', {
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
      });
    } finally {
      psql(`drop database if exists ${database} with (force)`);
    }
  }
}
process.exit(status);
