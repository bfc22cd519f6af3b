/**
 * Benchmark: one backend start as the tests make it (a copy of the migrated template, the server
 * launched through backend/launcher/launch-backend.cjs, /health answering), run from the bundle
 * the launcher builds, from the bundle with tsx registered for the whole process
 * (PROMATCH_BACKEND_EAGER_TSX=1) and through tsx (PROMATCH_BACKEND_TSX=1), in turn, on PGlite and
 * on PostgreSQL. The figures are the server process's CPU time (user + system, from /proc, Linux
 * only) from spawn until /health answers, and again 3 s later, once the work a start leaves for
 * just after (loading the match-professionals function) is done: on a shared machine wall time
 * mostly measures the neighbours.
 * Run from the repo root: node_modules/.bin/tsx bench/backend-start.ts
 * BENCH_ROUNDS (default 5) sets how many starts each way; BENCH_DB=pglite|postgres picks one;
 * BENCH_MODES (default bundle,eager-tsx,tsx) picks the ways.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBackend } from '../backend/launcher/launch-backend.cjs';
import { copyMigratedTemplate } from '../backend/test/support/pglite-template.ts';
import { createMigratedDatabase } from '../backend/test/support/postgres-template.ts';
import { adminQuery, postgresAvailable, type DbKind } from '../backend/test/support/test-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const KINDS: DbKind[] = process.env.BENCH_DB
  ? [process.env.BENCH_DB as DbKind]
  : ['pglite', 'postgres'];
const MODES = ['bundle', 'eager-tsx', 'tsx'] as const;
type Mode = (typeof MODES)[number];
const modes = (process.env.BENCH_MODES?.split(',') as Mode[] | undefined) ?? [...MODES];
/** How long after ready the second CPU figure is taken. */
const SETTLE_MS = 3000;

/** CPU seconds (user, system) a live process has used so far: fields 14 and 15 of its stat. */
function cpuSeconds(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const tick = 100; // USER_HZ on Linux
  return { user: Number(fields[11]) / tick, system: Number(fields[12]) / tick };
}

async function oneStart(kind: DbKind, mode: Mode) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-bench-start-'));
  const dbName = `pm_bench_${randomBytes(6).toString('hex')}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.PROMATCH_BACKEND_TSX;
  delete env.PROMATCH_BACKEND_EAGER_TSX;
  if (mode === 'tsx') env.PROMATCH_BACKEND_TSX = '1';
  if (mode === 'eager-tsx') env.PROMATCH_BACKEND_EAGER_TSX = '1';
  if (kind === 'postgres') {
    await createMigratedDatabase(dbName, env, undefined);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  } else {
    await copyMigratedTemplate(dataDir, env, undefined);
  }
  try {
    const backend = await launchBackend({ env });
    const cpu = cpuSeconds(backend.pid);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const settled = cpuSeconds(backend.pid);
    await backend.stop();
    return { ...cpu, settled: settled.user + settled.system, wall: backend.readyMs / 1000 };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await adminQuery(`drop database if exists ${dbName} with (force)`);
  }
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const fixed = (value: number) => value.toFixed(2);

for (const kind of KINDS) {
  if (kind === 'postgres' && !postgresAvailable()) {
    console.log('postgres: not available, skipped');
    continue;
  }
  // One start each way first, unmeasured: builds the template and the bundle if needed.
  for (const mode of modes) await oneStart(kind, mode);
  const runs = Object.fromEntries(modes.map((mode) => [mode, []])) as unknown as Record<
    Mode,
    Awaited<ReturnType<typeof oneStart>>[]
  >;
  for (let round = 0; round < ROUNDS; round += 1) {
    // each round in another order, so no way always follows the same one
    const order = modes.map((_, i) => modes[(i + round) % modes.length]!);
    for (const mode of order) runs[mode].push(await oneStart(kind, mode));
  }
  for (const mode of modes) {
    const cpu = runs[mode].map((run) => run.user + run.system);
    const settled = runs[mode].map((run) => run.settled);
    console.log(
      `${kind} ${mode}: CPU to ready ${cpu.map(fixed).join(' ')} s (mean ${fixed(mean(cpu))}, user ${fixed(mean(runs[mode].map((r) => r.user)))}, sys ${fixed(mean(runs[mode].map((r) => r.system)))}); ${SETTLE_MS / 1000} s later ${settled.map(fixed).join(' ')} s (mean ${fixed(mean(settled))}); wall to ready ${runs[mode].map((r) => fixed(r.wall)).join(' ')} s (mean ${fixed(mean(runs[mode].map((r) => r.wall)))}); load ${os.loadavg()[0].toFixed(1)}`,
    );
  }
}
