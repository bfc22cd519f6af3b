/**
 * Regenerates supabase/schemas/<domain>.sql from an empty database migrated with
 * backend/sql/bootstrap and supabase/migrations. Run: `npm run schema:dump`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dumpSchema, schemasDirOf } from './schema/dump.ts';

async function main(): Promise<number> {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dump = await dumpSchema(repoRoot);
  if (dump.unassigned.length > 0) {
    console.error(
      'These objects are in no domain; add each name to a domain in backend/scripts/schema/domains.ts:\n  ' +
        dump.unassigned.join('\n  '),
    );
    return 1;
  }
  const dir = schemasDirOf(repoRoot);
  mkdirSync(dir, { recursive: true });
  // A domain that lost its last object must not leave a stale file behind.
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.sql'))) {
    if (!dump.files.has(name)) rmSync(path.join(dir, name));
  }
  for (const [name, text] of dump.files) writeFileSync(path.join(dir, name), text);
  console.log(`wrote ${dump.files.size} files to ${path.relative(repoRoot, dir)}/`);
  if (dump.unused.length > 0) {
    console.error(`domains.ts lists names that no longer exist:\n  ${dump.unused.join('\n  ')}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
