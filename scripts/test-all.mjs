#!/usr/bin/env node
/**
 * `npm test`: runs each stage in turn, stops at the first that fails, and ends with how long each
 * took, so a slower suite shows which stage grew. The stages are the package.json scripts named below.
 */
import { spawnSync } from 'node:child_process';

const STAGES = ['typecheck', 'lint', 'format:check', 'test:unit', 'test:e2e'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const timings = [];

function summary() {
  const rows = timings.map(
    ([stage, s, ok]) =>
      `  ${stage.padEnd(13)} ${s.toFixed(0).padStart(5)} s  ${ok ? 'passed' : 'FAILED'}`,
  );
  const total = timings.reduce((sum, [, s]) => sum + s, 0);
  console.log(
    `\nnpm test stages:\n${rows.join('\n')}\n  ${'total'.padEnd(13)} ${total.toFixed(0).padStart(5)} s`,
  );
}

for (const stage of STAGES) {
  const started = Date.now();
  const { status } = spawnSync(npm, ['run', stage], { stdio: 'inherit' });
  timings.push([stage, (Date.now() - started) / 1000, status === 0]);
  if (status !== 0) {
    summary();
    process.exit(status ?? 1);
  }
}
summary();
