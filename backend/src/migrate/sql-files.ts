import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface SqlFile {
  /** Tracking key: the leading timestamp for supabase migrations (as the Supabase CLI does). */
  version: string;
  name: string;
  file: string;
}

/** `*.sql` files of a directory in lexical order; a missing directory is empty. */
export async function listSqlFiles(dir: string): Promise<SqlFile[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.endsWith('.sql'))
    .sort()
    .map((entry) => {
      const base = entry.slice(0, -'.sql'.length);
      const match = /^(\d+)_(.*)$/.exec(base);
      return {
        version: match ? match[1] : base,
        name: match ? match[2] : base,
        file: path.join(dir, entry),
      };
    });
}

export async function readSql(file: string): Promise<string> {
  return readFile(file, 'utf8');
}

/** Schemas that hosted Supabase's extensions create, so grants and references to them still apply. */
const stubSchemas: Record<string, string> = {
  pg_cron: 'cron',
  pg_net: 'net',
  pgsodium: 'pgsodium',
  supabase_vault: 'vault',
  pg_graphql: 'graphql',
};

const createExtension = /create\s+extension\s+(?:if\s+not\s+exists\s+)?("?)([a-z0-9_-]+)\1[^;]*;/gi;

/**
 * Comments out `create extension` for extensions this database lacks (pg_cron, pg_net, pgsodium,
 * vault, pg_graphql on PGlite and Debian's PostgreSQL), creating the schema they would have made,
 * so migrations written for hosted Supabase still apply locally.
 */
export function stubMissingExtensions(
  sql: string,
  available: ReadonlySet<string>,
  onSkip: (name: string) => void,
): string {
  return sql.replace(createExtension, (statement, _quote: string, rawName: string) => {
    const name = rawName.toLowerCase();
    if (available.has(name)) return statement;
    onSkip(name);
    const schema = stubSchemas[name];
    const replacement = schema ? `create schema if not exists ${schema};` : '';
    return `/* skipped locally: extension ${name} is not available */ ${replacement}`;
  });
}
