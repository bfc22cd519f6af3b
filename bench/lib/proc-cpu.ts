import { readdirSync, readFileSync } from 'node:fs';

/**
 * Per-process CPU time from /proc (Linux only; elsewhere every figure is 0), so a benchmark can
 * say where the CPU went: the load generator, the server child and its descendants, and the
 * PostgreSQL backends serving one database.
 */

const ticksPerSecond = 100; // USER_HZ; 100 on every Linux build Node supports

interface ProcEntry {
  pid: number;
  ppid: number;
  /** utime + stime, in milliseconds. */
  cpuMs: number;
  cmdline: string;
}

function readProc(pid: number): ProcEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may contain spaces: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    return {
      pid,
      ppid: Number(fields[1]),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond,
      cmdline,
    };
  } catch {
    return undefined; // exited, or not Linux
  }
}

function allProcs(): ProcEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const entries: ProcEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readProc(Number(name));
    if (entry) entries.push(entry);
  }
  return entries;
}

export interface CpuTargets {
  /** Root of a process tree (the server child); all its descendants count. */
  serverPid?: number;
  /** PostgreSQL backends whose process title names this database. */
  database?: string;
}

export interface CpuSnapshot {
  self: number;
  server: Map<number, number>;
  postgres: Map<number, number>;
}

export function cpuSnapshot(targets: CpuTargets): CpuSnapshot {
  const { server, postgres } = targetProcs(allProcs(), targets);
  return { self: readProc(process.pid)?.cpuMs ?? 0, server, postgres };
}

/** The pids a target names: the server's process tree and the database's PostgreSQL backends. */
export function targetPids(targets: CpuTargets): number[] {
  const { server, postgres } = targetProcs(allProcs(), targets);
  return [...server.keys(), ...postgres.keys()];
}

function targetProcs(procs: ProcEntry[], targets: CpuTargets) {
  const server = new Map<number, number>();
  if (targets.serverPid !== undefined) {
    const inTree = new Set([targets.serverPid]);
    // Parents have lower pids than children almost always; loop until no new member is found.
    for (let grew = true; grew;) {
      grew = false;
      for (const p of procs) {
        if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
          inTree.add(p.pid);
          grew = true;
        }
      }
    }
    for (const p of procs) if (inTree.has(p.pid)) server.set(p.pid, p.cpuMs);
  }
  const postgres = new Map<number, number>();
  if (targets.database !== undefined) {
    for (const p of procs) {
      if (p.cmdline.startsWith('postgres: ') && p.cmdline.includes(` ${targets.database} `))
        postgres.set(p.pid, p.cpuMs);
    }
  }
  return { server, postgres };
}

/** CPU milliseconds used between two snapshots; processes born in between count from 0. */
export interface CpuUse {
  client: number;
  server: number;
  postgres: number;
}

function grew(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export function cpuUsed(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  return {
    client: after.self - before.self,
    server: grew(before.server, after.server),
    postgres: grew(before.postgres, after.postgres),
  };
}

export const fmtCpu = (use: CpuUse, requests: number) => {
  const per = (ms: number) => (ms / requests).toFixed(3);
  return `CPU ms/request: client ${per(use.client)}, server ${per(use.server)}, postgres ${per(use.postgres)}`;
};

/** CPU milliseconds so far of every process in the trees under `roots` (each root included). */
export function treeCpu(roots: number[]): Map<number, number> {
  const procs = allProcs();
  const inTree = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) {
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
    }
  }
  const cpu = new Map<number, number>();
  for (const p of procs) if (inTree.has(p.pid)) cpu.set(p.pid, p.cpuMs);
  return cpu;
}

/** The pids of processes whose command line contains `text`. */
export function pidsWith(text: string): number[] {
  return allProcs()
    .filter((p) => p.cmdline.includes(text))
    .map((p) => p.pid);
}

/** CPU milliseconds used between two treeCpu snapshots; processes born in between count from 0. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  return grew(before, after);
}
