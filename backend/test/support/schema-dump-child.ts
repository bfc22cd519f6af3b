/**
 * Run by backend/test/schema/declared-schema.test.ts as `node --import tsx`: PGlite cannot start
 * inside jest's module sandbox. Opens the migrated database given as the first argument (a PGlite
 * data directory or a postgres:// URL) and prints one JSON line: its schema dump and, when a SQL
 * file is given second, the dump after that SQL ran.
 */
import { readFileSync } from 'node:fs';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { readSchemaDump, type SchemaDump } from '../../scripts/schema/dump.ts';

const [database, thenSqlFile] = process.argv.slice(2);

const plain = (dump: SchemaDump) => ({ ...dump, files: Object.fromEntries(dump.files) });

const db = database.startsWith('postgres://')
  ? await openPostgres(database)
  : await openPglite(database);
try {
  const fresh = plain(await readSchemaDump(db));
  let after: ReturnType<typeof plain> | undefined;
  if (thenSqlFile) {
    await db.exec(readFileSync(thenSqlFile, 'utf8'));
    after = plain(await readSchemaDump(db));
  }
  process.stdout.write(`${JSON.stringify({ fresh, after })}\n`);
} finally {
  await db.close();
}
