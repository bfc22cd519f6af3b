/**
 * A backend with freshly generated demo data, on PGlite or on a new PostgreSQL database, for the
 * benches that measure against the seeded marketplace (search, matching, matching quality).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ANON_KEY, postgresAvailable } from '../../backend/test/support/test-server.ts';
import { launchBackend, type RunningBackend } from '../../backend/launcher/launch-backend.cjs';

export type DatabaseKind = 'pglite' | 'postgres';

/** On PostgreSQL, the bench's own database (for direct checks and CPU accounting). */
export interface SeededDatabase {
  url?: string;
  name?: string;
}

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Starts the backend seeded with `professionals` demo professionals, runs `work`, cleans up.
 * BENCH_BACKEND_URL instead runs `work` against a backend already running with that seed.
 */
export async function withSeededBackend<T>(
  kind: DatabaseKind,
  professionals: number,
  work: (server: RunningBackend, database: SeededDatabase) => Promise<T>,
): Promise<T> {
  // an already running backend seeded with the same number of professionals (on a loaded machine
  // seeding 10,000 can outlast the launcher's wait); the database is whatever it runs on
  const running = process.env.BENCH_BACKEND_URL;
  if (running) {
    console.log(`${kind}: using the running backend at ${running} (BENCH_BACKEND_URL)`);
    return work({ url: running } as RunningBackend, {});
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-bench-'));
  const dbName = `pm_bench_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_DEMO_PROFESSIONALS: String(professionals),
    DATABASE_URL: '',
  };
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  if (kind === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  try {
    const server = await launchBackend({ env: { ...process.env, ...env }, forward: 'stderr' });
    try {
      return await work(server, kind === 'postgres' ? { url: env.DATABASE_URL, name: dbName } : {});
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

/** Runs `bench` on PGlite and on PostgreSQL (BENCH_DB=pglite or postgres picks one). */
export async function onEachDatabase(bench: (kind: DatabaseKind) => Promise<void>): Promise<void> {
  const only = process.env.BENCH_DB;
  if (only !== 'postgres') await bench('pglite');
  if (only === 'pglite') return;
  if (postgresAvailable()) await bench('postgres');
  else console.log('postgres: SKIPPED, nothing answers on 127.0.0.1:5432');
}

/** A database function called as an anonymous visitor, over plain HTTP (no client library cost). */
export async function anonRpc(url: string, name: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${ANON_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return response.json();
}
