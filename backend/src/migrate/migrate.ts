import { existsSync } from 'node:fs';
import type { BackendConfig } from '../config/config.ts';
import type { Db } from '../db/types.ts';
import { listSqlFiles, readSql, stubMissingExtensions, type SqlFile } from './sql-files.ts';

type MigrateConfig = Pick<
  BackendConfig,
  'bootstrapSqlDir' | 'migrationsDir' | 'seedFile' | 'extraMigrationsDir'
>;

export interface MigrationReport {
  applied: string[];
  skippedExtensions: string[];
  seeded: boolean;
}

// Supabase CLI's own tracking tables, so a database migrated here looks like one it migrated.
// Bootstrap files get their own table: hosted Supabase never runs them.
const trackingSql = `
  create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (
    version text primary key, statements text[], name text);
  create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
  create table if not exists supabase_migrations.local_bootstrap (
    version text primary key, name text, applied_at timestamptz not null default now());
`;

const appliedSql = `
  select 'local_bootstrap:' || version as key from supabase_migrations.local_bootstrap
  union all select 'schema_migrations:' || version from supabase_migrations.schema_migrations
  union all select 'seed_files:' || path from supabase_migrations.seed_files`;

// One key for every server migrating the same PostgreSQL database at once.
const migrationLockKey = 5432100;
const seedPath = 'supabase/seed.sql';

interface Step {
  table: 'local_bootstrap' | 'schema_migrations' | 'seed_files';
  file: SqlFile;
}

async function plannedSteps(config: MigrateConfig): Promise<Step[]> {
  const steps: Step[] = (await listSqlFiles(config.bootstrapSqlDir)).map((file) => ({
    table: 'local_bootstrap',
    file: { ...file, version: `${file.version}_${file.name}` },
  }));
  for (const dir of [config.migrationsDir, config.extraMigrationsDir]) {
    if (!dir) continue;
    for (const file of await listSqlFiles(dir)) steps.push({ table: 'schema_migrations', file });
  }
  if (existsSync(config.seedFile)) {
    steps.push({
      table: 'seed_files',
      file: { version: seedPath, name: 'seed', file: config.seedFile },
    });
  }
  return steps;
}

/** Records a step; the seed is stored by path and hash as the Supabase CLI does. */
function recordStep(step: Step, sql: string): [string, unknown[]] {
  const { version, name } = step.file;
  if (step.table === 'local_bootstrap') {
    return [
      'insert into supabase_migrations.local_bootstrap(version, name) values ($1, $2)',
      [version, name],
    ];
  }
  if (step.table === 'schema_migrations') {
    return [
      'insert into supabase_migrations.schema_migrations(version, name, statements) values ($1, $2, array[$3::text])',
      [version, name, sql],
    ];
  }
  return [
    'insert into supabase_migrations.seed_files(path, hash) values ($1, md5($2::text))',
    [version, sql],
  ];
}
const seenSql: Record<Step['table'], string> = {
  local_bootstrap: 'select 1 from supabase_migrations.local_bootstrap where version = $1',
  schema_migrations: 'select 1 from supabase_migrations.schema_migrations where version = $1',
  seed_files: 'select 1 from supabase_migrations.seed_files where path = $1',
};

/**
 * Applies, in order: backend/sql/bootstrap/*.sql (what hosted Supabase already has), then
 * supabase/migrations/*.sql, then the extra (test) directory, then supabase/seed.sql once.
 * Each pending file runs in its own transaction under an advisory lock and is recorded, so
 * restarts and concurrent servers apply nothing twice. An up-to-date database costs one query.
 */
export async function runMigrations(db: Db, config: MigrateConfig): Promise<MigrationReport> {
  await db.exec(trackingSql);
  const applied = new Set((await db.query<{ key: string }>(appliedSql)).rows.map((r) => r.key));
  const pending = (await plannedSteps(config)).filter(
    (step) => !applied.has(`${step.table}:${step.file.version}`),
  );
  const report: MigrationReport = { applied: [], skippedExtensions: [], seeded: false };
  if (pending.length === 0) return report;
  const available = new Set(
    (await db.query<{ name: string }>('select name from pg_available_extensions')).rows.map(
      (r) => r.name,
    ),
  );
  for (const step of pending) {
    const sql = stubMissingExtensions(await readSql(step.file.file), available, (name) => {
      if (!report.skippedExtensions.includes(name)) report.skippedExtensions.push(name);
    });
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [migrationLockKey]);
      // Another server may have applied it while we waited for the lock.
      if ((await tx.query(seenSql[step.table], [step.file.version])).rows.length > 0) return false;
      await tx.exec(sql);
      await tx.query(...recordStep(step, sql));
      return true;
    });
    if (!done) continue;
    report.applied.push(step.file.file);
    if (step.table === 'seed_files') report.seeded = true;
  }
  return report;
}
