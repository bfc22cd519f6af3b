/**
 * Prints, as JSON, what the API can reach in a migrated database: tables, views and functions of
 * the public schema (with their RLS flag and EXECUTE grants) and storage buckets. Run by
 * rls-matrix.test.ts in a child process: `DATABASE_URL=… node --import tsx catalog.ts`, or with
 * DATABASE_URL empty on a fresh copy of the migrated PGlite template the test servers use.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Db } from '../../src/db/types.ts';
import { copyMigratedTemplate } from '../support/pglite-template.ts';

export interface Catalog {
  tables: { name: string; rls: boolean }[];
  views: string[];
  functions: { name: string; args: string[]; anon: boolean; authenticated: boolean }[];
  buckets: { id: string; public: boolean }[];
}

export async function readCatalog(db: Db): Promise<Catalog> {
  const relations = await db.query<{ name: string; kind: string; rls: boolean }>(
    `select c.relname as name, c.relkind::text as kind, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
      order by 1`,
  );
  // Functions the REST gateway can call (no trigger functions, nothing owned by an extension).
  const fns = await db.query<{ name: string; args: string[] | null; anon: boolean; au: boolean }>(
    `select p.proname as name,
            (select array_agg(a order by o) from unnest(p.proargnames) with ordinality as x(a, o)
              where coalesce(p.proargmodes[o], 'i') in ('i', 'b', 'v') and a <> '') as args,
            has_function_privilege('anon', p.oid, 'execute') as anon,
            has_function_privilege('authenticated', p.oid, 'execute') as au
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1, p.oid`,
  );
  const bucketRows = await db.query<{ id: string; public: boolean }>(
    'select id, public from storage.buckets order by id',
  );
  const fnByName = new Map<string, Catalog['functions'][number]>();
  for (const f of fns.rows) {
    const args = Array.isArray(f.args) ? f.args : parseTextArray(f.args);
    const known = fnByName.get(f.name);
    // Overloads: one entry per name, executable if any overload is.
    fnByName.set(f.name, {
      name: f.name,
      args: known?.args ?? args,
      anon: (known?.anon ?? false) || f.anon,
      authenticated: (known?.authenticated ?? false) || f.au,
    });
  }
  return {
    tables: relations.rows
      .filter((r) => r.kind === 'r' || r.kind === 'p' || r.kind === 'f')
      .map((r) => ({ name: r.name, rls: r.rls === true || String(r.rls) === 't' })),
    views: relations.rows.filter((r) => r.kind === 'v' || r.kind === 'm').map((r) => r.name),
    functions: [...fnByName.values()],
    buckets: bucketRows.rows.map((b) => ({
      id: b.id,
      public: b.public === true || String(b.public) === 't',
    })),
  };
}

/** PGlite's one-round-trip path can hand arrays back as `{a,b}` text. */
function parseTextArray(value: unknown): string[] {
  if (typeof value !== 'string' || value.length < 2) return [];
  return value
    .slice(1, -1)
    .split(',')
    .filter((s) => s !== '');
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const db = await openPostgres(databaseUrl);
    try {
      process.stdout.write(JSON.stringify(await readCatalog(db)));
    } finally {
      await db.close();
    }
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promatch-catalog-'));
  try {
    await copyMigratedTemplate(dir, { ...process.env, DATA_DIR: dir }, undefined);
    const db = await openPglite(dir);
    try {
      process.stdout.write(JSON.stringify(await readCatalog(db)));
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('catalog.ts')) void main();
