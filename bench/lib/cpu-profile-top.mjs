/**
 * Summarises a .cpuprofile (from bench/lib/cpu-profile-preload.mjs) per request: it finds the
 * busiest window of the given length (the measured run, not start-up or warm-up) and prints the
 * self time per request of each group (this repo's files, the pg driver, Node core, socket
 * writes, garbage collection), or with `fn` of each function.
 *
 *   node bench/lib/cpu-profile-top.mjs <file.cpuprofile> <requests in the window> [seconds=7] [group|fn]
 */
import { readFileSync } from 'node:fs';

const [file, requests, windowSeconds = '7', mode = 'group'] = process.argv.slice(2);
if (!file || !requests) {
  console.error('usage: cpu-profile-top.mjs <file.cpuprofile> <requests> [seconds] [group|fn]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const idle = (id) => nodes.get(id).callFrame.functionName === '(idle)';
const times = [];
let clock = profile.startTime;
profile.samples.forEach((_, i) => {
  clock += profile.timeDeltas[i] ?? 0;
  times.push(clock);
});

// The window with the most busy samples.
const width = Number(windowSeconds) * 1e6;
let best = 0;
let bestStart = 0;
let busy = 0;
for (let i = 0, j = 0; i < times.length; i += 1) {
  if (!idle(profile.samples[i])) busy += 1;
  while (times[i] - times[j] > width) {
    if (!idle(profile.samples[j])) busy -= 1;
    j += 1;
  }
  if (busy > best) [best, bestStart] = [busy, j];
}
const from = times[bestStart];

function group(frame) {
  const url = frame.url;
  if (mode === 'fn')
    return `${frame.functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/^file:\/\/.*?\/(backend|bench)\//, '$1/')}`;
  if (frame.functionName === '(idle)') return 'idle';
  if (url.includes('/backend/src/db/'))
    return 'backend/src/db (database driver code, both servers)';
  if (url.includes('/backend/src/')) return `gateway: ${url.replace(/.*\/backend\/src\//, '')}`;
  if (url.includes('/bench/lib/rest-reference')) return 'reference server code';
  if (url.includes('node_modules/pg')) return 'pg driver';
  if (url.includes('node_modules/')) return url.replace(/.*node_modules\//, '').split('/')[0];
  if (['writev', 'writeBuffer', 'writeUtf8String'].includes(frame.functionName))
    return 'socket writes';
  if (url.startsWith('node:')) return 'Node core';
  return frame.functionName || '(native)';
}

const totals = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  if (times[i] < from || times[i] > from + width) return;
  const us = profile.timeDeltas[i + 1] ?? 0;
  const key = group(nodes.get(id).callFrame);
  totals.set(key, (totals.get(key) ?? 0) + us);
  if (!idle(id)) total += us;
});
const n = Number(requests);
console.log(
  `busiest ${windowSeconds} s: ${(total / 1000).toFixed(0)} ms CPU, ${(total / n).toFixed(1)} µs per request`,
);
for (const [key, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`${(us / n).toFixed(1).padStart(8)} µs  ${key}`);
