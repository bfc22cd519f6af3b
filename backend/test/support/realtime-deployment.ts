/**
 * A backend on a FIXED port that can be stopped and started again on the same data (PGlite
 * directory or PostgreSQL database), so clients can watch it restart; and several instances on
 * one PostgreSQL database. test-server.ts picks a new port per start, which a restart cannot use.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, launchBackend, type RunningBackend } from '../../launcher/launch-backend.cjs';
import { copyMigratedTemplate } from './pglite-template.ts';
import { createMigratedDatabase } from './postgres-template.ts';
import { adminQuery, type DbKind } from './test-server.ts';

export interface Instance {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function instance(env: NodeJS.ProcessEnv, port: number): Instance {
  let running: RunningBackend | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    async start() {
      running = await launchBackend({ env, port });
    },
    async stop() {
      await running?.stop();
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
    await createMigratedDatabase(dbName, env, undefined);
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
