/**
 * Run by backend/test/schema/declared-schema.test.ts as `node --import tsx`: PGlite cannot start
 * inside jest's module sandbox. Opens the migrated PGlite data directory given as the first
 * argument and prints one JSON line: its schema dump and, when a SQL file is given second, the
 * dump after that SQL ran.
 */
import { readFileSync } from 'node:fs';
import { openPglite } from '../../src/db/pglite.ts';
import { readSchemaDump, type SchemaDump } from '../../scripts/schema/dump.ts';

const [dataDir, thenSqlFile] = process.argv.slice(2);

const plain = (dump: SchemaDump) => ({ ...dump, files: Object.fromEntries(dump.files) });

const db = await openPglite(dataDir);
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
