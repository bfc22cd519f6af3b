#!/usr/bin/env node
/**
 * `npm test`: runs each stage, stops at the first that fails, and ends with how long each took, so
 * a slower suite shows which stage grew. The stages are the package.json scripts named below.
 *
 * The three static checks are single-threaded and independent, so they run in two lanes at once
 * (typecheck beside lint then the format check) and keep both cores busy; each one's output is
 * printed whole when it ends, so lanes never interleave. The test stages run one after another.
 */
import { spawn } from 'node:child_process';

const CHECK_LANES = [['typecheck'], ['lint', 'format:check']];
const TEST_STAGES = ['test:unit', 'test:e2e'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const timings = [];
const runStarted = Date.now();

function summary() {
  const rows = timings.map(
    ([stage, s, ok]) =>
      `  ${stage.padEnd(13)} ${s.toFixed(0).padStart(5)} s  ${ok ? 'passed' : 'FAILED'}`,
  );
  // wall time: typecheck overlaps lint and the format check, so the rows add up to more
  const total = (Date.now() - runStarted) / 1000;
  console.log(
    `\nnpm test stages (typecheck beside lint and format:check):\n${rows.join('\n')}\n  ${'total'.padEnd(13)} ${total.toFixed(0).padStart(5)} s`,
  );
}

/** Runs `npm run <stage>`; `quiet` collects its output and prints it in one piece at the end. */
function run(stage, { quiet }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', stage], {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (quiet) process.stdout.write(`\n── ${stage} ──\n${Buffer.concat(output).toString()}`);
      const ok = code === 0;
      timings.push([stage, (Date.now() - started) / 1000, ok]);
      resolve(ok);
    });
  });
}

/** One lane: its stages in order, stopping at the first that fails. */
async function lane(stages) {
  for (const stage of stages) if (!(await run(stage, { quiet: true }))) return false;
  return true;
}

const checksStarted = Date.now();
const lanes = await Promise.all(CHECK_LANES.map(lane));
const checksWall = (Date.now() - checksStarted) / 1000;
console.log(`\nThe static checks took ${checksWall.toFixed(0)} s in two lanes.`);
if (!lanes.every(Boolean)) {
  summary();
  process.exit(1);
}
for (const stage of TEST_STAGES) {
  if (!(await run(stage, { quiet: false }))) {
    summary();
    process.exit(1);
  }
}
summary();
