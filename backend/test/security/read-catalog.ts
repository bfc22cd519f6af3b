/**
 * The catalog of a test server's database, read by catalog.ts in a child process (PGlite does
 * not load inside jest's module sandbox): the PostgreSQL database itself, or on PGlite a copy of
 * the same migrated data directory the server started from.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestServer } from '../support/test-server.ts';
import type { Catalog } from './catalog.ts';

export function readCatalog(server: TestServer): Catalog {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'catalog.ts')],
    { env: { ...process.env, DATABASE_URL: server.databaseUrl ?? '' }, encoding: 'utf8' },
  );
  return JSON.parse(output) as Catalog;
}
