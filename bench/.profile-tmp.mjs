// Temporary: CPU profile of a page load with 4x CPU throttling, long tasks, top functions per long task.
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as stack from '../scripts/stack.mjs';

const pages = process.argv.slice(2);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-prof-'));
await stack.writeRuntimeFiles(process.env);
const children = [];
const moduleIndex = new Map();
function moduleAt(url, line, col) {
  const m = url.match(/:(\d+)\/(.+\.js)$/);
  if (!m) return url;
  const dir = { 3000: 'shell', 3001: 'mf-marketing', 3002: 'mf-auth' }[m[1]];
  const file = path.join(stack.ROOT, dir, 'dist', m[2]);
  let idx = moduleIndex.get(file);
  if (!idx) {
    let s; try { s = readFileSync(file, 'utf8'); } catch { return url; }
    const lines = s.split('\n'); const offs = [0]; for (const l of lines) offs.push(offs.at(-1) + l.length + 1);
    const starts = []; const re = /[,{\n](\d+)\(([a-z,]*)\)\{/g; let mm; while ((mm = re.exec(s))) starts.push([mm.index, mm[1], s.slice(mm.index, mm.index + 400)]);
    idx = { offs, starts }; moduleIndex.set(file, idx);
  }
  const pos = idx.offs[line] + col;
  let best; for (const st of idx.starts) { if (st[0] <= pos) best = st; else break; }
  if (!best) return m[2];
  const label = (best[2].match(/componentId:"[^"]+"|[A-Za-z]{6,}/g) || []).slice(0, 4).join(' ');
  return `${m[2]}#${best[1]} ${label}`;
}
try {
  const backend = await stack.startBackend({ quiet: true, env: { DATA_DIR: dataDir, SEED_DEMO_PROFESSIONALS: '50' } });
  children.push(backend.child);
  for (const app of stack.APPS) children.push((await stack.startApp(app, { quiet: true })).child);
  for (const p of pages) await fetch(`http://localhost:3000${p}`);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  for (const p of pages) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      window.__lt = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
    });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await page.goto(`http://localhost:3000${p}`);
    await page.waitForTimeout(9000);
    const { profile } = await cdp.send('Profiler.stop');
    const lt = await page.evaluate(() => ({ lt: window.__lt, origin: performance.timeOrigin, now: performance.now() }));
    // Map samples to time: profile.startTime (us, monotonic). Align: last sample ~ now.
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    let t = profile.startTime; const times = profile.timeDeltas.map((d) => (t += d));
    const offset = profile.endTime / 1000 - lt.now; // ms; approx
    console.log(`== ${p} long tasks (4x throttled, real ms):`, lt.lt.map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(' '));
    for (const [s, d] of lt.lt) {
      const self = new Map();
      profile.samples.forEach((id, i) => {
        const ms = times[i] / 1000 - offset;
        if (ms < s || ms > s + d) return;
        const n = nodes.get(id); const cf = n.callFrame;
        let key = cf.url ? moduleAt(cf.url, cf.lineNumber, cf.columnNumber) : `(${cf.functionName || 'program'})`;
        if (!cf.url) { // attribute native to nearest JS ancestor
          let a = parent.get(id); while (a && !nodes.get(a).callFrame.url) a = parent.get(a);
          if (a) { const cfa = nodes.get(a).callFrame; key = `${cf.functionName || '(native)'} <- ${moduleAt(cfa.url, cfa.lineNumber, cfa.columnNumber)}`; }
        }
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
      const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(`  task ${Math.round(s)} +${Math.round(d)}ms:`);
      for (const [k, v] of top) console.log(`     ${v.toFixed(1)}  ${k.slice(0, 160)}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  await Promise.all(children.map((c) => stack.stopProcess(c)));
  rmSync(dataDir, { recursive: true, force: true });
}
