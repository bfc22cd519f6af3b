import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBackend, type RunningBackend } from '../../launcher/launch-backend.cjs';
import { createMigratedDatabase } from './postgres-template.ts';
import { adminQuery } from './test-server.ts';

/**
 * Several real servers on ONE PostgreSQL database (the scale-out shape), which test-server.ts
 * does not offer: it gives every server a fresh database. They share DATA_DIR only for the
 * signing key, as a deployment shares JWT_SIGNING_JWK.
 */
export interface Cluster {
  urls: string[];
  stop(): Promise<void>;
}

/** Starts `count` servers one after another on a new, migrated database. */
export async function startCluster(count: number, env: Record<string, string>): Promise<Cluster> {
  const dbName = `pm_auth_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-auth-cluster-'));
  await createMigratedDatabase(dbName, { ...process.env, ...env }, undefined);
  const servers: RunningBackend[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${dbName} with (force)`);
  };
  const serverEnv = {
    ...process.env,
    ...env,
    DATA_DIR: dataDir,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}`,
  };
  try {
    for (let i = 0; i < count; i += 1) servers.push(await launchBackend({ env: serverEnv }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls: servers.map((server) => server.url), stop };
}
