/**
 * A backend on a FIXED port that can be stopped and started again on the same data (PGlite
 * directory or PostgreSQL database), so clients can watch it restart; and several instances on
 * one PostgreSQL database. test-server.ts picks a new port per start, which a restart cannot use.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from './support/backend-process.ts';
import { copyMigratedTemplate } from './support/pglite-template.ts';
import { adminQuery, type DbKind } from './support/test-server.ts';

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`backend exited:\n${log()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`backend not ready:\n${log()}`);
}

export interface Instance {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function instance(env: NodeJS.ProcessEnv, port: number): Instance {
  let child: ChildProcess | undefined;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async start() {
      let log = '';
      child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['backend/src/main.ts'], {
        cwd: repoRoot,
        env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      });
      child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      await waitForHealth(url, child, () => log);
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 8000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface Deployment {
  instances: Instance[];
  /** Stops every instance and drops the data. */
  destroy(): Promise<void>;
}

/** `count` instances on one database of `kind` (PGlite allows one), none started yet. */
export async function deploy(kind: DbKind, count = 1): Promise<Deployment> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-rt-'));
  const dbName = `pm_rt_${randomBytes(6).toString('hex')}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (kind === 'postgres') {
    await adminQuery(`create database ${dbName}`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  } else {
    await copyMigratedTemplate(dataDir, env, undefined);
  }
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) instances.push(instance(env, await freePort()));
  return {
    instances,
    async destroy() {
      for (const each of instances) await each.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') await adminQuery(`drop database if exists ${dbName} with (force)`);
    },
  };
}
