import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock on its data directory: a second process opening it silently loses writes.
 * This exclusive lockfile (O_EXCL create, holding our pid) makes a second server fail fast.
 * A lock left by a process that no longer exists is taken over.
 */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(file)) {
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          if (readPid(file) === process.pid) rmSync(file, { force: true });
        },
      };
    }
    const owner = readPid(file);
    // Our own pid counts as alive too: opening one data directory twice in a process is as unsafe.
    if (owner !== undefined && isAlive(owner)) {
      throw new Error(
        `Data directory ${dataDir} is in use by another server (pid ${owner}). ` +
          `Stop it, or set DATA_DIR to another directory. Lockfile: ${file}`,
      );
    }
    // Stale lock (dead pid or unreadable): remove it and retry the exclusive create.
    rmSync(file, { force: true });
  }
  throw new Error(`Could not lock data directory ${dataDir} (lockfile ${file})`);
}
