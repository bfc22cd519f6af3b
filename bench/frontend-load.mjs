#!/usr/bin/env node
/**
 * Budgets (docs/benchmarks.md): a production build of all six apps (<= 60 s), the shell's JavaScript fetched
 * before first render (<= 200 KB gzip), requests before first render, first contentful paint,
 * and each remoteEntry.js (<= 40 KB gzip). Prints figures; it is a benchmark, not a test.
 * Usage: node bench/frontend-load.mjs [--runs 5] [--no-build]
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { firstRenderFiles } from '../scripts/check-budgets.mjs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import {
  APPS,
  REMOTES,
  ROOT,
  startApp,
  stopProcess,
  writeRuntimeFiles,
} from '../scripts/stack.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'no-build': { type: 'boolean' } },
});
const runs = Number(values.runs);
const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function measureBuild() {
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-all.mjs')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('build failed');
  return (Date.now() - started) / 1000;
}

/** One cold load of `/`: what was fetched before the shell's first render, and when the page heading appeared. */
async function measureLoad(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('http://localhost:3000/', { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  const figures = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    // The shell marks its first render (shell/src/app/app.tsx): what arrived before it was needed.
    const firstRender =
      performance.getEntriesByName('promatch:shell-first-render')[0]?.startTime ?? fcp;
    // Lazy chunks the first render itself asks for (cookie banner, toasts, …) are not needed to
    // draw it; they only count when they were requested before rendering began.
    const renderStart =
      performance.getEntriesByName('promatch:shell-render-start')[0]?.startTime ?? firstRender;
    const resources = performance.getEntriesByType('resource');
    const beforePaint = resources.filter(
      (entry) => entry.responseEnd <= firstRender && entry.startTime <= renderStart,
    );
    const scripts = beforePaint.filter(
      (entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'),
    );
    // The shell preloads the page's remote in parallel, so remote JS may also arrive before the
    // shell's first render; the budget is for the shell's own JavaScript. (Remote sizes are not
    // visible here anyway: cross-origin entries report 0 bytes without Timing-Allow-Origin.)
    const shellScripts = scripts.filter((entry) => new URL(entry.name).origin === location.origin);
    return {
      fcp,
      firstRender,
      requestsBeforePaint: beforePaint.length + 1,
      jsBytesBeforePaint: shellScripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      headingAt: performance.now(),
    };
  });
  await context.close();
  return figures;
}

async function remoteEntrySizes() {
  const sizes = {};
  for (const remote of REMOTES) {
    const response = await fetch(`http://localhost:${remote.port}/remoteEntry.js`);
    sizes[remote.dir] = gzipSync(Buffer.from(await response.arrayBuffer())).length;
  }
  return sizes;
}

const buildSeconds = values['no-build'] ? null : measureBuild();
await writeRuntimeFiles();
const servers = [];
let browser;
try {
  for (const app of APPS) servers.push(await startApp(app, { quiet: true }));
  browser = await chromium.launch(chromiumLaunchOptions());
  const loads = [];
  for (let run = 0; run < runs; run += 1) loads.push(await measureLoad(browser));
  const entries = await remoteEntrySizes();
  console.log(
    `\nFrontend load — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version}, median of ${runs} cold loads of /`,
  );
  if (buildSeconds !== null)
    console.log(`  production build, six apps:      ${buildSeconds.toFixed(1)} s   (budget 60 s)`);
  console.log(
    `  shell JS before first render (gzip): ${kb(median(loads.map((l) => l.jsBytesBeforePaint)))}   (budget 200 KB)`,
  );
  const graph = firstRenderFiles();
  if (!graph.error)
    console.log(`  the same, from the chunk graph:  ${kb(graph.total)}   (the figure CI guards)`);
  console.log(
    `  requests before first render:    ${median(loads.map((l) => l.requestsBeforePaint))}`,
  );
  console.log(
    `  shell first render:              ${median(loads.map((l) => l.firstRender)).toFixed(0)} ms`,
  );
  console.log(
    `  first contentful paint:          ${median(loads.map((l) => l.fcp)).toFixed(0)} ms`,
  );
  console.log(
    `  remote page heading visible:     ${median(loads.map((l) => l.headingAt)).toFixed(0)} ms`,
  );
  for (const [dir, bytes] of Object.entries(entries)) {
    console.log(`  ${`${dir}/remoteEntry.js (gzip):`.padEnd(33)} ${kb(bytes)}   (budget 40 KB)`);
  }
} finally {
  await browser?.close();
  await Promise.all(servers.map((server) => stopProcess(server.child)));
}
