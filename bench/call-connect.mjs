#!/usr/bin/env node
/**
 * Benchmark: video call connect on loopback, P2P (budget 2 s from both joined to the first remote
 * video frame). Playwright-driven against the built site, with the e2e stack. Needs a build
 * (`npm run build`); run under the machine-wide lock:
 *   flock /tmp/e2e.lock node bench/call-connect.mjs
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  path.join(root, 'node_modules/.bin/playwright'),
  ['test', '-c', 'bench/call/playwright.config.ts'],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
