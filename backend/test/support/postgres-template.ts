import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { launchBackend } from '../../launcher/launch-backend.cjs';
import { templateKey } from './pglite-template.ts';

/**
 * PostgreSQL's counterpart of the PGlite template: the first suite to need a migrated database
 * builds one (`pm_template_<key>`, keyed by the SQL files' contents) by running the real server on
 * it, and every suite after that gets `create database … template` — a file copy instead of the
 * ~60 migrations. Concurrent jest workers (and other checkouts sharing the cluster) are safe: the
 * template is built under a private name and published with a rename.
 */
const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const templatePrefix = 'pm_template_';
/** An unused template of an older schema is dropped after this long. */
const unusedMs = 3_600_000;

type Admin = pg.Client;

async function withAdmin<T>(work: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const pgCode = (error: unknown) => (error as { code?: string }).code;

/**
 * Runs a statement that needs no other session on a database (create from / rename / drop). A
 * server that just stopped leaves its backends exiting for a moment, so "in use" is retried.
 */
async function whenUnused(admin: Admin, sql: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(sql);
      return;
    } catch (error) {
      if (pgCode(error) !== '55006' || attempt >= 50) throw error; // object_in_use
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function templateExists(admin: Admin, name: string): Promise<boolean> {
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  return (rowCount ?? 0) > 0;
}

/** Migrates a new database with the real server, then publishes it as `template`. */
async function buildTemplate(
  admin: Admin,
  template: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const building = `${template}_b${randomBytes(4).toString('hex')}`;
  const keysDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-pg-template-'));
  await admin.query(`create database ${building}`);
  try {
    // migrations only: a suite's demo seed must not end up in the template every suite copies
    const buildEnv: NodeJS.ProcessEnv = {
      ...env,
      DATA_DIR: keysDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${building}`,
    };
    delete buildEnv.SEED_DEMO_PROFESSIONALS;
    const server = await launchBackend({ env: buildEnv });
    await server.stop();
    await whenUnused(admin, `alter database ${building} rename to ${template}`);
  } catch (error) {
    await whenUnused(admin, `drop database if exists ${building}`);
    if (pgCode(error) !== '42P04') throw error; // duplicate_database: another worker published first
  } finally {
    rmSync(keysDir, { recursive: true, force: true });
  }
}

/**
 * Drops published templates of other schemas that nobody used for an hour (the comment holds the
 * last use). Databases still being built (`…_b<random>`) and templates not yet marked are another
 * worker's work in progress: never touched.
 */
async function pruneOldTemplates(admin: Admin, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; used: string | null }>(
    `select d.datname, shobj_description(d.oid, 'pg_database') as used
       from pg_database d where d.datname ~ '^${templatePrefix}[0-9a-f]{16}$' and d.datname <> $1`,
    [keep],
  );
  for (const { datname, used } of rows) {
    const last = Date.parse(used ?? '');
    if (!Number.isFinite(last) || Date.now() - last < unusedMs) continue;
    await admin.query(`drop database if exists ${datname}`).catch(() => undefined); // in use: keep
  }
}

/**
 * Settings made with `alter role … in database …` (PostgREST's db-pre-request is one) live outside
 * the database, so `create database … template` does not copy them: copy them here.
 */
async function copyDatabaseSettings(admin: Admin, from: string, to: string): Promise<void> {
  const { rows } = await admin.query<{ role: string | null; setting: string }>(
    `select r.rolname as role, unnest(s.setconfig) as setting
       from pg_db_role_setting s
       join pg_database d on d.oid = s.setdatabase
       left join pg_roles r on r.oid = s.setrole
      where d.datname = $1`,
    [from],
  );
  for (const { role, setting } of rows) {
    const equals = setting.indexOf('=');
    const name = setting.slice(0, equals);
    const value = admin.escapeLiteral(setting.slice(equals + 1));
    const target = role ? `role ${admin.escapeIdentifier(role)} in database` : 'database';
    await admin.query(`alter ${target} ${to} set ${name} = ${value}`);
  }
}

/**
 * Creates `dbName` as a copy of this repository's migrated database (plus `extraMigrationsDir`),
 * building the template first if this schema has none yet.
 */
export async function createMigratedDatabase(
  dbName: string,
  env: NodeJS.ProcessEnv,
  extraMigrationsDir: string | undefined,
): Promise<void> {
  const template = `${templatePrefix}${templateKey(extraMigrationsDir)}`;
  await withAdmin(async (admin) => {
    if (!(await templateExists(admin, template))) {
      await buildTemplate(admin, template, env);
      await pruneOldTemplates(admin, template);
    }
    // Marks the template as in use, so pruning never removes one that suites still copy.
    await admin.query(`comment on database ${template} is '${new Date().toISOString()}'`);
    await whenUnused(admin, `create database ${dbName} template ${template}`);
    await copyDatabaseSettings(admin, template, dbName);
  });
}
