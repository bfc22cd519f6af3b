import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../launcher/launch-backend.cjs';

/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, on a free port), for tests
 * that stop or restart the database: the shared one on 5432 serves every other suite at the same
 * time and must never be restarted. Uses Debian's server binaries; as root it runs them as the
 * `postgres` user, since PostgreSQL refuses to run as root.
 */
export interface PrivatePostgres {
  url: string;
  restart(): void;
  /** Stops the server, keeping its data; resume() starts it again. */
  pause(): void;
  resume(): void;
  /** Stops it for good and removes its folder. */
  stop(): void;
}

function serverBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => path.join(root, version, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'initdb')));
}

const isRoot = () => process.getuid?.() === 0;

/** Whether this machine can run a private server (binaries present; as root, a postgres user). */
export function privatePostgresAvailable(): boolean {
  if (!serverBinDir()) return false;
  if (!isRoot()) return true;
  return spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status === 0;
}

export interface PrivatePostgresOptions {
  /**
   * Flush to disk as a deployment does (default false: tests restart the server often, and
   * fsync=off keeps that quick; a bench measuring commit cost wants it on).
   */
  durable?: boolean;
}

export async function startPrivatePostgres(
  options: PrivatePostgresOptions = {},
): Promise<PrivatePostgres> {
  const bin = serverBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promatch-private-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const [file, argv] = isRoot()
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (action: string) =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${options.durable ? '' : ' -c fsync=off'}`,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-m',
      'fast',
      action,
    ]);
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('restart'),
    pause: () => ctl('stop'),
    resume: () => ctl('start'),
    stop: () => {
      try {
        ctl('stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
