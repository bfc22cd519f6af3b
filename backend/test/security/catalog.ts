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
  functions: {
    name: string;
    args: string[];
    anon: boolean;
    authenticated: boolean;
    /** Some overload runs as its owner (SECURITY DEFINER), past RLS. */
    securityDefiner: boolean;
    /** Every overload is STABLE or IMMUTABLE: calling it changes nothing. */
    readOnly: boolean;
  }[];
  buckets: { id: string; public: boolean }[];
  /**
   * Every table of public, storage.objects and realtime.messages (schema-qualified), and whether
   * it has the restrictive "aal2 for enrolled users" policy for authenticated on every command
   * (supabase/migrations/20261201090000_mfa_aal2_everywhere.sql).
   */
  mfaGuard: { relation: string; guarded: boolean; column: string }[];
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
  const fns = await db.query<{
    name: string;
    args: string[] | null;
    anon: boolean;
    au: boolean;
    definer: boolean;
    volatile: boolean;
  }>(
    `select p.proname as name, p.prosecdef as definer, p.provolatile = 'v' as volatile,
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
  const guard = await db.query<{ relation: string; guarded: boolean; column: string }>(
    `select n.nspname || '.' || c.relname as relation,
            (select a.attname from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
              order by a.attnum limit 1) as column,
            exists (
              select 1 from pg_policy p
               where p.polrelid = c.oid and not p.polpermissive and p.polcmd = '*'
                 and p.polroles = array[(select oid from pg_roles where rolname = 'authenticated')]
                 and regexp_replace(pg_get_expr(p.polqual, p.polrelid), '[\\s()]', '', 'g')
                     ~ '^SELECTprivate\\.mfa_satisfied(ASmfa_satisfied)?$'
                 and pg_get_expr(p.polwithcheck, p.polrelid) = pg_get_expr(p.polqual, p.polrelid)
            ) as guarded
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where ((n.nspname = 'public' and c.relkind in ('r', 'p'))
          or (n.nspname = 'storage' and c.relname = 'objects')
          or (n.nspname = 'realtime' and c.relname = 'messages'))
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
      order by 1`,
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
      securityDefiner: (known?.securityDefiner ?? false) || isTrue(f.definer),
      readOnly: (known?.readOnly ?? true) && !isTrue(f.volatile),
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
      public: isTrue(b.public),
    })),
    mfaGuard: guard.rows.map((g) => ({ ...g, guarded: isTrue(g.guarded) })),
  };
}

const isTrue = (value: unknown) => value === true || String(value) === 't';

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
