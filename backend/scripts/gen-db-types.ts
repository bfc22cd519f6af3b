/**
 * Generates shared/src/db/database.types.ts from the catalog of a freshly migrated PGlite, in the
 * shape `supabase gen types typescript` emits (Tables Row/Insert/Update/Relationships, Views,
 * Functions Args/Returns, Enums, CompositeTypes), so the frontends can switch to the CLI's output
 * for a hosted project without changing a type name. Run: `npm run gen:types -w backend`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { loadConfig } from '../src/config/config.ts';
import { openDb } from '../src/db/open.ts';
import type { Queryable } from '../src/db/types.ts';
import { runMigrations } from '../src/migrate/migrate.ts';

interface ColumnInfo {
  table_name: string;
  column_name: string;
  ts_type: string;
  nullable: boolean;
  optional: boolean;
  generated: boolean;
}
interface RelationInfo {
  table_name: string;
  kind: string;
  updatable: boolean;
}
interface ForeignKeyInfo {
  table_name: string;
  name: string;
  columns: string[];
  one_to_one: boolean;
  referenced: string;
  referenced_columns: string[];
}
interface FunctionInfo {
  name: string;
  args: { name: string; type: string; optional: boolean }[];
  returns: string;
}

// How postgres-meta (the generator behind `supabase gen types`) maps base types.
const scalarTypes: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
  record: 'Record<string, unknown>',
};
const stringTypes = new Set(
  'text varchar bpchar citext uuid date time timetz timestamp timestamptz interval bytea inet cidr macaddr name regconfig'.split(
    ' ',
  ),
);

/** SQL that renders a pg_type oid (column alias `t`) as a TypeScript type name, in-database. */
const tsTypeSql = (oid: string) => `(select case
    when t.typtype = 'e' then 'Database["public"]["Enums"]["' || t.typname || '"]'
    when t.typcategory = 'A' then coalesce(e.typname, 'unknown') || '[]'
    else t.typname end
  from pg_type t left join pg_type e on e.oid = t.typelem where t.oid = ${oid})`;

function toTs(raw: string): string {
  const array = raw.endsWith('[]');
  const base = array ? raw.slice(0, -2) : raw;
  const mapped = base.startsWith('Database[')
    ? base
    : (scalarTypes[base] ?? (stringTypes.has(base) ? 'string' : 'unknown'));
  return array ? `${mapped}[]` : mapped;
}

async function readCatalog(db: Queryable) {
  const relations = await db.query<RelationInfo>(`
    select c.relname as table_name, c.relkind as kind,
      c.relkind = 'r' or pg_relation_is_updatable(c.oid, false) & 8 = 8 as updatable
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
    order by c.relname`);
  const columns = await db.query<ColumnInfo>(`
    select c.relname as table_name, a.attname as column_name, ${tsTypeSql('a.atttypid')} as ts_type,
      not a.attnotnull as nullable,
      (not a.attnotnull or a.atthasdef or a.attidentity <> '') as optional,
      (a.attgenerated <> '' or a.attidentity = 'a') as generated
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
      and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attname`);
  const foreignKeys = await db.query<ForeignKeyInfo>(`
    select c.relname as table_name, k.conname as name,
      array(select attname from unnest(k.conkey) with ordinality u(n, i)
        join pg_attribute on attrelid = k.conrelid and attnum = u.n order by u.i)::text[] as columns,
      exists (select 1 from pg_index i where i.indrelid = k.conrelid and i.indisunique
        and i.indkey::int2[] @> k.conkey and i.indkey::int2[] <@ k.conkey) as one_to_one,
      r.relname as referenced,
      array(select attname from unnest(k.confkey) with ordinality u(n, i)
        join pg_attribute on attrelid = k.confrelid and attnum = u.n order by u.i)::text[] as referenced_columns
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
    where k.contype = 'f' and c.relnamespace = 'public'::regnamespace
      and r.relnamespace = 'public'::regnamespace
    order by c.relname, k.conname`);
  const functions = await db.query<FunctionInfo>(`
    select p.proname as name,
      coalesce((select json_agg(json_build_object('name', a.name, 'type', ${tsTypeSql('a.type')},
          'optional', a.i > p.pronargs - p.pronargdefaults) order by a.name)
        from unnest(p.proargtypes::oid[], (p.proargnames)[1:p.pronargs]) with ordinality a(type, name, i)),
        '[]'::json) as args,
      case
        when exists (select 1 from unnest(p.proargmodes) m where m = 't') then
          '{ ' || (select string_agg(n || ': ' || ${tsTypeSql('ty')}, '; ' order by i)
            from unnest(p.proallargtypes, p.proargnames, p.proargmodes) with ordinality x(ty, n, m, i)
            where m = 't') || ' }[]'
        when rt.typtype = 'c' and rt.typrelid <> 0 then
          'Database["public"]["Tables"]["' || rt.typname || '"]["Row"]' || case when p.proretset then '[]' else '' end
        else ${tsTypeSql('p.prorettype')} || case when p.proretset then '[]' else '' end
      end as returns
    from pg_proc p join pg_type rt on rt.oid = p.prorettype
    where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
      and p.prorettype <> 'trigger'::regtype
    order by p.proname, p.oid`);
  const enums = await db.query<{ name: string; labels: string[] }>(`
    select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
    from pg_type t join pg_enum e on e.enumtypid = t.oid
    where t.typnamespace = 'public'::regnamespace group by t.typname order by t.typname`);
  const checks = await db.query<{ table_name: string; definition: string }>(`
    select c.relname as table_name, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class c on c.oid = k.conrelid
    where k.contype = 'c' and c.relnamespace = 'public'::regnamespace and cardinality(k.conkey) = 1
    order by c.relname, k.conname`);
  return { relations, columns, foreignKeys, functions, enums, checks };
}

const objectOrNever = (entries: string[]) =>
  entries.length > 0 ? `{\n${entries.join('\n')}\n}` : '{ [_ in never]: never }';

/** Turns `{ a: int4; b: text }[]` built in SQL into mapped TS types. */
const mapInlineTypes = (text: string) =>
  text.replace(/: ([A-Za-z0-9_]+(?:\[\])?)(?=[;} ])/g, (_m, raw: string) => `: ${toTs(raw)}`);

function render(catalog: Awaited<ReturnType<typeof readCatalog>>): string {
  const byTable = (name: string) => catalog.columns.rows.filter((c) => c.table_name === name);
  const relationships = (name: string) =>
    catalog.foreignKeys.rows
      .filter((k) => k.table_name === name)
      .map(
        (k) =>
          `{ foreignKeyName: ${JSON.stringify(k.name)}; columns: ${JSON.stringify(k.columns)}; isOneToOne: ${k.one_to_one}; referencedRelation: ${JSON.stringify(k.referenced)}; referencedColumns: ${JSON.stringify(k.referenced_columns)} },`,
      )
      .join('\n');
  const block = (name: string, withWrites: boolean) => {
    const cols = byTable(name);
    const row = cols.map(
      (c) => `${c.column_name}: ${toTs(c.ts_type)}${c.nullable ? ' | null' : ''}`,
    );
    const insert = cols.map((c) =>
      c.generated
        ? `${c.column_name}?: never`
        : `${c.column_name}${c.optional ? '?' : ''}: ${toTs(c.ts_type)}${c.nullable ? ' | null' : ''}`,
    );
    const update = cols.map((c) =>
      c.generated
        ? `${c.column_name}?: never`
        : `${c.column_name}?: ${toTs(c.ts_type)}${c.nullable ? ' | null' : ''}`,
    );
    const parts = [`Row: {\n${row.join('\n')}\n}`];
    if (withWrites)
      parts.push(`Insert: {\n${insert.join('\n')}\n}`, `Update: {\n${update.join('\n')}\n}`);
    parts.push(`Relationships: [\n${relationships(name)}\n]`);
    return `${name}: {\n${parts.join('\n')}\n}`;
  };
  const tables = catalog.relations.rows.filter((r) => r.kind === 'r' || r.kind === 'p');
  const views = catalog.relations.rows.filter((r) => r.kind === 'v' || r.kind === 'm');
  const fnNames = [...new Set(catalog.functions.rows.map((f) => f.name))];
  const functions = fnNames.map((name) => {
    const overloads = catalog.functions.rows
      .filter((f) => f.name === name)
      .map((f) => {
        const args =
          f.args.length === 0
            ? 'never'
            : `{ ${f.args.map((a) => `${a.name}${a.optional ? '?' : ''}: ${toTs(a.type)}`).join('; ')} }`;
        const returns = f.returns.startsWith('{')
          ? mapInlineTypes(f.returns)
          : f.returns.startsWith('Database[')
            ? f.returns
            : toTs(f.returns);
        return `{ Args: ${args}; Returns: ${returns} }`;
      });
    return `${name}: ${overloads.join(' | ')}`;
  });
  const enums = catalog.enums.rows.map(
    (e) => `${e.name}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`,
  );
  return `${header}
export type Database = {
  public: {
    Tables: ${objectOrNever(tables.map((t) => block(t.table_name, true)))}
    Views: ${objectOrNever(views.map((v) => block(v.table_name, v.updatable)))}
    Functions: ${objectOrNever(functions)}
    Enums: ${objectOrNever(enums)}
    CompositeTypes: { [_ in never]: never }
  }
}
${helpers}
${renderCheckValues(catalog.checks.rows)}`;
}

/**
 * Text columns limited to a list by a check constraint (`col in (...)` or `col <@ array[...]`),
 * as constants the frontends can build selects and zod enums from.
 */
function renderCheckValues(checks: { table_name: string; definition: string }[]): string {
  const byTable = new Map<string, string[]>();
  for (const { table_name, definition } of checks) {
    const match = /^CHECK \(\(?(\w+) (?:= ANY|<@) \(?ARRAY\[(.*)\]\)*$/.exec(definition);
    if (!match) continue;
    const values = [...match[2].matchAll(/'((?:[^']|'')*)'::text/g)].map((m) =>
      m[1].replace(/''/g, "'"),
    );
    const entries = byTable.get(table_name) ?? [];
    entries.push(`${match[1]}: ${JSON.stringify(values)},`);
    byTable.set(table_name, entries);
  }
  const tables = [...byTable].map(([table, entries]) => `${table}: {\n${entries.join('\n')}\n},`);
  return `/** Allowed values of text columns restricted by a check constraint, read from the catalog. */
export const CheckValues = {\n${tables.join('\n')}\n} as const;
`;
}

const header = `// Generated by backend/scripts/gen-db-types.ts from the migrated schema. Do not edit by hand:
// change supabase/migrations and run \`npm run gen:types -w backend\`.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];
`;

const helpers = `
type PublicSchema = Database['public'];

export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
export type Enums<T extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][T];
`;

async function main() {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'promatch-gen-types-'));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), databaseUrl: undefined };
  const db = await openDb(config);
  try {
    await runMigrations(db, config);
    const source = render(await readCatalog(db));
    const outFile = path.join(repoRoot, 'shared/src/db/database.types.ts');
    const prettierConfig = (await resolveConfig(outFile)) ?? {};
    writeFileSync(outFile, await format(source, { ...prettierConfig, filepath: outFile }));
    console.log(`wrote ${path.relative(repoRoot, outFile)}`);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
