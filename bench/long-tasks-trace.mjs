#!/usr/bin/env node
/**
 * Where the public pages' blocking time goes: each page loaded in Chromium with its CPU slowed
 * down (CDP `Emulation.setCPUThrottlingRate`, 6× by default), the browser's own `longtask` and
 * `long-animation-frame` entries collected, and each long task named by the script that took
 * most of it (the long animation frame's script attribution: file, and what called it).
 *
 * Lighthouse simulates its slowdown and its scores move with the machine's load, so two builds
 * are only comparable when measured in the same period; this bench is for that comparison (run
 * it on one build, then the other, and again). Its "blocking time" is Lighthouse's definition
 * (the part of each task over 50 ms, from first contentful paint) over the browser's real tasks,
 * until the page has had no long task for 5 s; it is not Lighthouse's figure.
 *
 * Starts the production build (run `npm run build` first) on a fresh backend with 500 demo
 * professionals, on the site's fixed ports, so run it under the e2e lock:
 *   flock /tmp/e2e.lock node bench/long-tasks-trace.mjs
 *   flock /tmp/e2e.lock node bench/long-tasks-trace.mjs --runs 7 --rate 4 --pages /,/login --busy
 * `--busy` keeps one core busy (`node -e "for(;;){}"`), as bench/lighthouse-marketing.mjs does.
 * `--tasks` prints every long task of every run.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { pageLabel, PUBLIC_PAGES, startPublicSite } from './lib/public-site.mjs';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rate: { type: 'string', default: '6' },
    busy: { type: 'boolean', default: false },
    pages: { type: 'string' },
    tasks: { type: 'boolean', default: false },
  },
});
const RUNS = Number(options.runs);
const RATE = Number(options.rate);
const PAGES = options.pages?.split(',') ?? PUBLIC_PAGES;
/** The page counts as settled after this long without a long task (Lighthouse's quiet window). */
const QUIET_MS = 5000;
const MAX_WAIT_MS = 30_000;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/** Installed before any of the page's scripts: keeps every long task and long frame. */
function observeLongTasks() {
  const store = { tasks: [], frames: [] };
  Object.defineProperty(window, '__longTasks', { value: store });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      store.tasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      store.frames.push({
        start: entry.startTime,
        duration: entry.duration,
        blocking: entry.blockingDuration,
        render: entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0,
        scripts: entry.scripts.map((script) => ({
          start: script.startTime,
          duration: script.duration,
          url: script.sourceURL,
          fn: script.sourceFunctionName,
          invoker: script.invoker,
          type: script.invokerType,
          forcedLayout: script.forcedStyleAndLayoutDuration,
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/** `main.1a2b3c4d.js` -> `main.js`; a page's own URL -> `(document)`. */
function fileLabel(url, pageUrl) {
  if (!url) return '(no script)';
  if (url === pageUrl) return '(document)';
  const { pathname, port } = new URL(url);
  const name = path.basename(pathname).replace(/\.[0-9a-f]{8}(?=\.js$)/, '');
  return port === '3000' ? name : `:${port}/${name}`;
}

/** The script that took most of a long task, from the long frame that contains the task. */
function nameTask(task, frames, pageUrl) {
  const end = task.start + task.duration;
  const scripts = frames
    .flatMap((frame) => frame.scripts)
    .filter((s) => s.start >= task.start - 1 && s.start < end);
  if (scripts.length === 0) return { label: '(no script: parse, style, layout or GC)', scripts };
  const top = scripts.reduce((a, b) => (b.duration > a.duration ? b : a));
  const invoker =
    top.type === 'classic-script' || top.type === 'module-script' ? 'evaluate' : top.invoker;
  return { label: `${fileLabel(top.url, pageUrl)} · ${invoker}`, scripts };
}

async function measure(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(observeLongTasks);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.goto(url, { waitUntil: 'load' });
  const started = Date.now();
  for (;;) {
    await page.waitForTimeout(500);
    const quietFor = await page.evaluate(() => {
      const tasks = window.__longTasks.tasks;
      const last = tasks.length ? Math.max(...tasks.map((t) => t.start + t.duration)) : 0;
      return performance.now() - last;
    });
    if (quietFor >= QUIET_MS || Date.now() - started > MAX_WAIT_MS) break;
  }
  const result = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    tasks: window.__longTasks.tasks,
    frames: window.__longTasks.frames,
  }));
  await context.close();
  const tasks = result.tasks
    .filter((task) => task.start + task.duration > result.fcp)
    .map((task) => ({ ...task, ...nameTask(task, result.frames, url) }));
  return {
    fcp: result.fcp,
    tbt: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    tasks,
  };
}

function report(label, runs) {
  const round = (n) => Math.round(n);
  console.log(
    `\n## ${label}: blocking time ${round(median(runs.map((r) => r.tbt)))} ms median ` +
      `(${runs.map((r) => round(r.tbt)).join('/')}), long tasks ` +
      `${median(runs.map((r) => r.tasks.length))} median, longest ` +
      `${round(Math.max(...runs.flatMap((r) => r.tasks.map((t) => t.duration))))} ms, ` +
      `FCP ${round(median(runs.map((r) => r.fcp)))} ms`,
  );
  const byLabel = new Map();
  for (const run of runs) {
    for (const task of run.tasks) {
      const entry = byLabel.get(task.label) ?? { count: 0, blocking: 0, longest: 0 };
      entry.count += 1;
      entry.blocking += Math.max(0, task.duration - 50);
      entry.longest = Math.max(entry.longest, task.duration);
      byLabel.set(task.label, entry);
    }
  }
  console.log(
    '| long task named by its largest script | tasks per run | blocking ms per run | longest ms |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const [name, entry] of [...byLabel].sort((a, b) => b[1].blocking - a[1].blocking)) {
    console.log(
      `| ${name} | ${(entry.count / runs.length).toFixed(1)} | ${round(entry.blocking / runs.length)} | ${round(entry.longest)} |`,
    );
  }
  if (options.tasks) {
    runs.forEach((run, index) => {
      console.log(`run ${index + 1}:`);
      for (const task of run.tasks) {
        const scripts = task.scripts
          .filter((s) => s.duration >= 5)
          .map(
            (s) =>
              `${fileLabel(s.url, '')}:${s.fn || '?'} ${s.type}/${s.invoker} ${round(s.duration)}`,
          )
          .join('; ');
        console.log(`  @${round(task.start)} ${round(task.duration)} ms  ${scripts}`);
      }
    });
  }
}

async function main() {
  const site = await startPublicSite(PAGES, 'trace');
  let busy;
  let browser;
  try {
    browser = await chromium.launch(chromiumLaunchOptions());
    if (options.busy) busy = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    console.log(
      `Long tasks at ${RATE}× CPU slowdown, ${RUNS} runs per page` +
        `${options.busy ? ', one core kept busy' : ''}; ${os.cpus().length} cores ` +
        `(${os.cpus()[0].model}), load average ${loadavg()} at the start, ${new Date().toISOString()}`,
    );
    // One unmeasured load per page first: the server's first render after a start is slower.
    for (const page of PAGES) {
      const context = await browser.newContext();
      await (await context.newPage()).goto(site.url(page), { waitUntil: 'load' });
      await context.close();
    }
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measure(browser, site.url(page)));
      report(pageLabel(page), runs);
    }
    console.log(`\nload average ${loadavg()} at the end, ${new Date().toISOString()}`);
  } finally {
    busy?.kill();
    await browser?.close();
    await site.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
