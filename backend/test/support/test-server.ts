import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  LOCAL_DEV_ANON_KEY,
  LOCAL_DEV_JWT_SECRET,
  LOCAL_DEV_SERVICE_ROLE_KEY,
} from '@promatch/shared/local-dev-keys';
import { launchBackend, type RunningBackend } from '../../launcher/launch-backend.cjs';
import { copyMigratedTemplate } from './pglite-template.ts';
import { createMigratedDatabase } from './postgres-template.ts';

/**
 * Starts the REAL backend (`tsx backend/src/main.ts`) as a child process on a free port, on a
 * fresh PGlite data directory or a freshly created PostgreSQL database, for tests that talk to it
 * over HTTP exactly as the frontends do.
 */
export type DbKind = 'pglite' | 'postgres';

export interface TestServer {
  kind: DbKind;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** The server's DATA_DIR (PGlite data and signing key); removed by stop(). */
  dataDir: string;
  /** The PostgreSQL database the server uses; undefined on PGlite (the server holds its data dir). */
  databaseUrl: string | undefined;
  /** An HS256 access token for `userId` (role authenticated), signed with the server's secret. */
  mintUserToken(userId: string, extraClaims?: Record<string, unknown>): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  db: DbKind;
  /** Extra migrations applied after supabase/migrations (fixture tables). */
  extraMigrationsDir?: string;
  env?: Record<string, string>;
  /** The PostgreSQL database's name (default a new random one), e.g. to point a replica at it. */
  databaseName?: string;
  /**
   * More environment from the PostgreSQL database's direct URL, applied last (e.g. DATABASE_URL
   * through a pooler, with DATABASE_DIRECT_URL the direct one).
   */
  databaseEnv?: (directUrl: string) => Record<string, string>;
  /**
   * The PostgreSQL server, as a URL of its maintenance database (default the shared one on
   * 127.0.0.1:5432), e.g. a private server from private-postgres.ts. The migrated template is kept
   * on the shared server only: on another one the database is created empty and the backend
   * migrates it as it starts.
   */
  postgresAdminUrl?: string;
}

const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = LOCAL_DEV_JWT_SECRET;
export const ANON_KEY = LOCAL_DEV_ANON_KEY;
export const SERVICE_ROLE_KEY = LOCAL_DEV_SERVICE_ROLE_KEY;

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export function signHs256(claims: Record<string, unknown>, secret = JWT_SECRET): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

export function mintUserToken(userId: string, extraClaims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return signHs256({
    sub: userId,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + 3600,
    ...extraClaims,
  });
}

/** Whether PostgreSQL answers on 127.0.0.1:5432 (synchronous: describe blocks are). */
let postgresAnswers: boolean | undefined;

export function postgresAvailable(): boolean {
  if (postgresAnswers !== undefined) return postgresAnswers;
  const probe = `require('net').connect(5432,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))`;
  postgresAnswers = spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
  return postgresAnswers;
}

/** Whether the PostgreSQL on 127.0.0.1:5432 can create `extension` (its files are installed). */
export function postgresHasExtension(extension: string): boolean {
  if (!postgresAvailable()) return false;
  const probe = `const c=new (require('pg').Client)(${JSON.stringify(adminUrl)});c.connect().then(()=>c.query("select 1 from pg_available_extensions where name=$1",[${JSON.stringify(extension)}])).then(r=>process.exit(r.rowCount?0:1),()=>process.exit(1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 5000 }).status === 0;
}

/** Runs one statement as postgres on the server's maintenance database (create/drop database). */
export async function adminQuery(sql: string, serverAdminUrl = adminUrl): Promise<void> {
  const client = new pg.Client({ connectionString: serverAdminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startTestServer(options: StartOptions): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-test-'));
  const dbName = options.databaseName ?? `pm_test_${randomBytes(6).toString('hex')}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...options.env };
  delete env.DATABASE_URL;
  if (options.extraMigrationsDir) env.EXTRA_MIGRATIONS_DIR = options.extraMigrationsDir;
  const serverAdminUrl = options.postgresAdminUrl ?? adminUrl;
  if (options.db === 'postgres') {
    // The template holds this repository's project; another project's folder migrates afresh.
    if (env.SUPABASE_DIR || serverAdminUrl !== adminUrl)
      await adminQuery(`create database ${dbName}`, serverAdminUrl);
    else await createMigratedDatabase(dbName, env, options.extraMigrationsDir);
    const databaseUrl = new URL(serverAdminUrl);
    databaseUrl.pathname = `/${dbName}`;
    env.DATABASE_URL = databaseUrl.toString();
    Object.assign(env, options.databaseEnv?.(env.DATABASE_URL));
  } else if (env.DATA_DIR === dataDir && !env.SUPABASE_DIR) {
    // The template holds this repository's project; another project's folder migrates afresh.
    await copyMigratedTemplate(dataDir, env, options.extraMigrationsDir);
  }
  const removeData = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (options.db === 'postgres')
      await adminQuery(`drop database if exists ${dbName} with (force)`, serverAdminUrl);
  };
  let backend: RunningBackend;
  try {
    backend = await launchBackend({ env });
  } catch (error) {
    await removeData();
    throw error;
  }
  return {
    kind: options.db,
    url: backend.url,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    jwtSecret: JWT_SECRET,
    dataDir: env.DATA_DIR ?? dataDir,
    databaseUrl: env.DATABASE_URL,
    mintUserToken,
    async stop() {
      await backend.stop();
      await removeData();
    },
  };
}

export interface EachDbContext {
  kind: DbKind;
  /** The running server; available inside tests and hooks (started in beforeAll). */
  server(): TestServer;
}

/**
 * Runs a suite against PGlite and against the PostgreSQL on 127.0.0.1:5432, one server per suite.
 * When PostgreSQL does not answer, that half is skipped with a console message, never silently.
 */
export function describeEachDb(
  name: string,
  fn: (ctx: EachDbContext) => void,
  options: Omit<StartOptions, 'db'> = {},
): void {
  const kinds: DbKind[] = ['pglite', 'postgres'];
  for (const kind of kinds) {
    if (kind === 'postgres' && !postgresAvailable()) {
      console.log(`[test] SKIPPED "${name}" on postgres: nothing answers on 127.0.0.1:5432`);
      describe.skip(`${name} [${kind}]`, () => fn({ kind, server: () => undefined as never }));
      continue;
    }
    describe(`${name} [${kind}]`, () => {
      let server: TestServer | undefined;
      beforeAll(async () => {
        server = await startTestServer({ ...options, db: kind });
      }, 120_000);
      afterAll(async () => {
        await server?.stop();
      }, 30_000);
      fn({
        kind,
        server: () => {
          if (!server) throw new Error('test server not started');
          return server;
        },
      });
    });
  }
}
