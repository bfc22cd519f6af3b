#!/usr/bin/env node
/**
 * Budget (docs/benchmarks.md): the first ranked result shows in the browser at most 600 ms after the user
 * stops typing, on /ai-matching against the 10,000-professional seeded stack (PGlite). A signed-in
 * demo business opens the page in a fresh tab, types a description key by key (20 varied ones from
 * backend/test/matching/eval-set.json), and we time from the last keystroke's input event to the
 * first ranked-result article in the DOM, painted (the next animation frame). The page waits
 * 250 ms after the last keystroke before it asks for matches (matching-page.tsx), so that debounce
 * is part of the figure. Needs a build; run under the machine-wide lock:
 *   flock /tmp/e2e.lock node bench/ai-matching-latency.mjs [--descriptions 20]
 */
import { readFileSync } from 'node:fs';
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

const { values } = parseArgs({ options: { descriptions: { type: 'string', default: '20' } } });
const PROFESSIONALS = 10_000;
const DEMO_PASSWORD = 'promatch-demo'; // backend/src/seed/seed-db.ts
const KEY_DELAY_MS = 20; // faster than the debounce, so only the final description is ranked

const evalSet = JSON.parse(
  readFileSync(new URL('../backend/test/matching/eval-set.json', import.meta.url), 'utf8'),
);
const count = Number(values.descriptions);
const step = Math.max(1, Math.floor(evalSet.length / count));
const descriptions = evalSet
  .filter((_, index) => index % step === 0)
  .slice(0, count)
  .map((entry) => entry.text);

const percentile = (sorted, p) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];

/** Watches the matches section: each change with its time, busy flag and article count. */
function installProbe() {
  const probe = { lastInput: 0, events: [] };
  window.__matchProbe = probe;
  document.addEventListener('input', () => (probe.lastInput = performance.now()), true);
  const section = document.querySelector('section[aria-labelledby="matches-heading"]');
  const record = () => {
    const state = {
      dom: performance.now(),
      busy: section.getAttribute('aria-busy') === 'true',
      articles: section.querySelectorAll('[aria-label="Ranked matches"] article').length,
    };
    requestAnimationFrame(() => probe.events.push({ ...state, painted: performance.now() }));
  };
  new MutationObserver(record).observe(section, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
}

/** Types `text`, returns ms from the last keystroke to the first ranked article painted. */
async function timeDescription(context, text) {
  const page = await context.newPage();
  try {
    await page.goto('/ai-matching');
    const box = page.getByLabel('Describe your project');
    await box.waitFor();
    await page.evaluate(installProbe);
    await box.pressSequentially(text, { delay: KEY_DELAY_MS });
    const handle = await page.waitForFunction(
      () => {
        const { lastInput, events } = window.__matchProbe;
        const after = events.filter((event) => event.dom >= lastInput);
        const fetched = after.findIndex((event) => event.busy);
        const shown = after.find(
          (event, index) => index > fetched && fetched >= 0 && !event.busy && event.articles > 0,
        );
        if (!shown) return false;
        const early = events.some((event) => event.dom < lastInput && event.busy);
        return {
          ms: shown.painted - lastInput,
          dom: shown.dom - lastInput,
          asked: after[fetched].dom - lastInput,
          early,
        };
      },
      undefined,
      { polling: 100, timeout: 30_000 },
    );
    return handle.jsonValue();
  } finally {
    await page.close();
  }
}

const stack = await startSeededStack(PROFESSIONALS);
let browser;
try {
  const { data, error } = await serviceClient()
    .from('profiles')
    .select('id')
    .eq('account_type', 'business')
    .order('id')
    .limit(1);
  if (error) throw error;
  const { data: user, error: userError } = await serviceClient().auth.admin.getUserById(data[0].id);
  if (userError) throw userError;
  const session = await sessionFor(user.user.email, DEMO_PASSWORD);
  browser = await chromium.launch(chromiumLaunchOptions());
  const context = await signedInContext(browser, session);
  await timeDescription(context, 'Warm-up: Python data engineer in Manchester'); // not counted
  const runs = [];
  for (const text of descriptions) runs.push({ text, ...(await timeDescription(context, text)) });
  await context.close();
  const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
  console.log(
    `\nAI matching, last keystroke -> first ranked result painted — ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, PGlite, ${PROFESSIONALS} demo professionals (seed ${stack.seedSeconds.toFixed(0)} s)`,
  );
  console.log(`  load average (1/5/15 min) at the end: ${loadAverage()}`);
  for (const run of runs)
    console.log(
      `  ${run.ms.toFixed(0).padStart(5)} ms (asked at ${run.asked.toFixed(0)}, in DOM ${run.dom.toFixed(0)})${run.early ? ' [ranked mid-typing too]' : ''}  ${run.text}`,
    );
  const wait = runs.map((run) => run.ms - run.asked).sort((a, b) => a - b);
  console.log(
    `  after the page asked (request, ranking, render): p50 ${percentile(wait, 50).toFixed(0)} ms, p95 ${percentile(wait, 95).toFixed(0)} ms`,
  );
  console.log(
    `  n=${runs.length}: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms (budget 600 ms, includes the 250 ms debounce)`,
  );
} finally {
  await browser?.close();
  await stack.stop();
}
