import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { targetPids, type CpuTargets } from './proc-cpu.ts';

/**
 * CPU pinning for benches that compare two servers on a 2-core machine. Unpinned, the load
 * generator, the server and PostgreSQL's backends share both cores however the scheduler deals
 * them out, and one five-second segment can differ from the next by a third. Pinned, the load
 * generator has one core to itself and the server with its database backends the other, the same
 * for both servers compared. Opt-in (BENCH_PIN=1 in bench/rest-gateway-limit.ts): in its first
 * quiet run the rounds spread as widely as unpinned (docs/benchmarks.md, run 8).
 *
 * Linux with `taskset` (util-linux) and at least two cores; elsewhere every call is a no-op and
 * `pinningAvailable()` says so.
 */

const LOAD_CPU = 0;
const SERVER_CPU = 1;

let available: boolean | undefined;

export function pinningAvailable(): boolean {
  if (available === undefined) {
    available = false;
    if (process.platform === 'linux' && os.cpus().length >= 2) {
      try {
        execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
        available = true;
      } catch {
        // no taskset: run unpinned
      }
    }
  }
  return available;
}

function pin(pid: number, cpu: number) {
  try {
    // -a: every thread of the process (libuv's pool, worker threads).
    execFileSync('taskset', ['-a', '-pc', String(cpu), String(pid)], { stdio: 'ignore' });
  } catch {
    // the process exited between listing and pinning
  }
}

/** The load generator (this process) on one core. */
export function pinLoadGenerator() {
  if (pinningAvailable()) pin(process.pid, LOAD_CPU);
}

/**
 * The server's process tree and its database's PostgreSQL backends on the other core. Call it
 * before each measured segment: PostgreSQL forks a backend per new connection, unpinned.
 */
export function pinServer(targets: CpuTargets) {
  if (!pinningAvailable()) return;
  for (const pid of targetPids(targets)) pin(pid, SERVER_CPU);
}
