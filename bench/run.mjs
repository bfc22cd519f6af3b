#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark in bench/ one after another and prints their figures.
 * Record the figures, with the machine and date, in docs/benchmarks.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.join(here, '../node_modules/.bin/tsx');
const only = process.argv[2];

const benches = readdirSync(here)
  .filter((file) => /\.(mjs|ts)$/.test(file) && file !== 'run.mjs' && !file.endsWith('.d.ts'))
  .filter((file) => !only || file.includes(only))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const runner =
    file.endsWith('.ts') && existsSync(tsx)
      ? [tsx, [path.join(here, file)]]
      : [process.execPath, [path.join(here, file)]];
  const result = spawnSync(runner[0], runner[1], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
