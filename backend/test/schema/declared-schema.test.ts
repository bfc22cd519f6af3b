/**
 * supabase/schemas/ is the readable description of the schema; supabase/migrations is how a
 * database changes. This check dumps an empty PGlite migrated by the backend (the template other
 * suites copy too, so it is built once per schema; no server needed) and fails, with a diff and
 * the command that regenerates the files, when the two disagree.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { repoRoot } from '../../launcher/launch-backend.cjs';
import { declaredFiles, schemaDifferences } from '../../scripts/schema/compare.ts';
import { regenerateCommand, schemasDirOf, type SchemaDump } from '../../scripts/schema/dump.ts';
import { copyMigratedTemplate } from '../support/pglite-template.ts';
import {
  postgresAvailable,
  postgresHasExtension,
  startTestServer,
  type TestServer,
} from '../support/test-server.ts';

type PlainDump = Omit<SchemaDump, 'files'> & { files: Record<string, string> };

// What a developer who wrote a migration but did not regenerate the files would leave behind.
const undeclaredChange = `
  create table public.undeclared_things (id uuid primary key);
  alter table public.messages add column undeclared_note text;`;

const declared = declaredFiles(schemasDirOf(repoRoot));
let fresh: SchemaDump;
let afterUndeclaredChange: SchemaDump;

const revive = (dump: PlainDump): SchemaDump => ({
  ...dump,
  files: new Map(Object.entries(dump.files)),
});

/** Runs the dump outside jest (see schema-dump-child.ts) on a PGlite data dir or a postgres:// URL. */
async function dumpOf(database: string, thenSqlFile?: string) {
  const child = path.join(repoRoot, 'backend/test/support/schema-dump-child.ts');
  const args = ['--import', 'tsx', child, database, ...(thenSqlFile ? [thenSqlFile] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as { fresh: PlainDump; after?: PlainDump };
  return { fresh: revive(result.fresh), after: result.after && revive(result.after) };
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promatch-schema-test-'));
  try {
    const dataDir = path.join(dir, 'data');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    await copyMigratedTemplate(dataDir, env, undefined);
    const sqlFile = path.join(dir, 'undeclared.sql');
    writeFileSync(sqlFile, undeclaredChange);
    const result = await dumpOf(dataDir, sqlFile);
    fresh = result.fresh;
    if (!result.after) throw new Error('the dump after the undeclared change is missing');
    afterUndeclaredChange = result.after;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

describe('supabase/schemas/', () => {
  it('describes exactly what the migrations build', () => {
    const problems = schemaDifferences(fresh, declared);
    // Printed whole, so the failure itself says what changed and how to fix it.
    if (problems.length > 0) throw new Error(problems.join('\n\n'));
    expect(declared.size).toBeGreaterThan(10);
  });

  it('names an object that no domain lists and where to list it', () => {
    const report = schemaDifferences(afterUndeclaredChange, declared).join('\n\n');
    expect(report).toContain('table public.undeclared_things');
    expect(report).toContain('backend/scripts/schema/domains.ts');
  });

  it('shows a schema change the files miss as a diff, with the command that regenerates them', () => {
    const assignedOnly: SchemaDump = { ...afterUndeclaredChange, unassigned: [] };
    const report = schemaDifferences(assignedOnly, declared).join('\n\n');
    expect(report).toContain('supabase/schemas/messaging.sql');
    expect(report).toMatch(/^\+ {2}undeclared_note text,$/m);
    expect(report).toContain(regenerateCommand);
  });
});

/**
 * The files describe PGlite's database; PostgreSQL must build the same one from the same
 * migrations. Two differences are the server's, not the schema's: PostgreSQL before 17 has no
 * MAINTAIN privilege, and where pgvector is installed the embeddings use its type.
 */
async function serverVersion(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: number }>(
      "select current_setting('server_version_num')::int as v",
    );
    return rows[0].v;
  } finally {
    await client.end();
  }
}

const postgresCheck = !postgresAvailable()
  ? 'nothing answers on 127.0.0.1:5432'
  : postgresHasExtension('vector')
    ? 'its pgvector changes the embedding columns, which the files describe without it'
    : undefined;
if (postgresCheck) console.log(`[test] SKIPPED the schema check on postgres: ${postgresCheck}`);

(postgresCheck ? describe.skip : describe)('supabase/schemas/ on postgres', () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('is also what the migrations build on PostgreSQL', async () => {
    server = await startTestServer({ db: 'postgres' });
    const url = server.databaseUrl ?? '';
    const { fresh: onPostgres } = await dumpOf(url);
    const version = await serverVersion(url);
    const withoutMaintain = (text: string) => text.replace(/, maintain\b/g, '');
    const expected =
      version < 170000
        ? new Map([...declared].map(([name, text]) => [name, withoutMaintain(text)]))
        : declared;
    const problems = schemaDifferences(onPostgres, expected);
    if (problems.length > 0) throw new Error(problems.join('\n\n'));
  }, 180_000);
});
