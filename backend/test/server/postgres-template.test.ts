import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../../launcher/launch-backend.cjs';
import { createMigratedDatabase } from '../support/postgres-template.ts';
import { adminQuery, postgresAvailable } from '../support/test-server.ts';

/**
 * Suites on PostgreSQL get their database as a copy of a migrated template (support/
 * postgres-template.ts). The copy must be what a server migrating afresh would leave: every
 * migration recorded, and the per-database role settings, which `create database … template`
 * does not carry over by itself.
 */
const describeOnPostgres = postgresAvailable() ? describe : describe.skip;
if (!postgresAvailable())
  console.log('[test] SKIPPED "postgres template": nothing answers on 127.0.0.1:5432');

describeOnPostgres('postgres template', () => {
  const dbName = `pm_test_tpl_${randomBytes(6).toString('hex')}`;
  let client: pg.Client;

  beforeAll(async () => {
    await createMigratedDatabase(dbName, process.env, undefined);
    client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${dbName}` });
    await client.connect();
  }, 180_000);

  afterAll(async () => {
    await client?.end();
    await adminQuery(`drop database if exists ${dbName} with (force)`);
  });

  test('the copy has every migration of supabase/migrations recorded', async () => {
    const files = readdirSync(path.join(repoRoot, 'supabase/migrations')).filter((name) =>
      name.endsWith('.sql'),
    );
    const versions = files.map((name) => name.split('_')[0]).sort();
    const { rows } = await client.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((row) => row.version)).toEqual(versions);
  });

  test("the copy has its own database's db-pre-request setting for the authenticator", async () => {
    const { rows } = await client.query<{ setconfig: string[] }>(
      `select s.setconfig from pg_db_role_setting s
        where s.setdatabase = (select oid from pg_database where datname = current_database())
          and s.setrole = (select oid from pg_roles where rolname = 'authenticator')`,
    );
    expect(rows.flatMap((row) => row.setconfig)).toContain(
      'pgrst.db_pre_request=private.mfa_pre_request',
    );
  });
});
