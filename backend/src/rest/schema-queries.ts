import type { Queryable } from '../db/types.ts';

interface RelationRow {
  schema: string;
  name: string;
  kind: string;
  primary_key: string[] | null;
  /** Column lists of the primary key and every unique constraint (one-to-one detection). */
  unique_keys: string[][] | null;
}
/** A view column that shows a base table's column unchanged (same name), from pg_depend. */
interface ViewColumnRow {
  view_schema: string;
  view_name: string;
  column: string;
  table_schema: string;
  table_name: string;
}
interface ColumnRow {
  schema: string;
  table: string;
  name: string;
  type: string;
  element_type: string | null;
  nullable: boolean;
  default_expr: string | null;
  generated: boolean;
}
interface ForeignKeyRow {
  name: string;
  from_schema: string;
  from_table: string;
  from_columns: string[];
  to_schema: string;
  to_table: string;
  to_columns: string[];
}
interface FunctionRow {
  schema: string;
  name: string;
  in_args: { name: string; type: string; composite: boolean }[];
  out_args: { name: string; type: string }[];
  default_count: number;
  return_type: string;
  returns_set: boolean;
  return_rel: string | null;
  returns_record: boolean;
  volatility: string;
  /** ROWS estimate: 1 makes a computed relationship to-one. */
  rows: number;
  /** `schema.table` when the first argument is a table's row type (computed relationships). */
  first_arg_rel: string | null;
}

// Arrays are returned as json text so PGlite and node-postgres hand back identical shapes.
const relationsSql = `
  select coalesce(json_agg(r), '[]')::text as data from (
    select n.nspname as schema, c.relname as name, c.relkind as kind,
      (select json_agg(a.attname order by k.ord)
         from pg_constraint pk
         cross join lateral unnest(pk.conkey) with ordinality k(attnum, ord)
         join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where pk.conrelid = c.oid and pk.contype = 'p') as primary_key,
      (select json_agg((select json_agg(a.attname order by a.attname)
           from unnest(u.conkey) k(attnum)
           join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum))
         from pg_constraint u where u.conrelid = c.oid and u.contype in ('p', 'u')) as unique_keys
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any($1::text[]) and c.relkind in ('r','v','m','p','f')) r`;

const columnsSql = `
  select coalesce(json_agg(r), '[]')::text as data from (
    select n.nspname as schema, c.relname as "table", a.attname as name,
      format_type(a.atttypid, null) as type,
      case when t.typcategory = 'A' then format_type(t.typelem, null) end as element_type,
      not a.attnotnull as nullable,
      case when a.attidentity <> '' then
          format('nextval(%L::regclass)', pg_get_serial_sequence(c.oid::regclass::text, a.attname))
        else pg_get_expr(d.adbin, d.adrelid) end as default_expr,
      a.attgenerated <> '' or a.attidentity = 'a' as generated
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = any($1::text[]) and c.relkind in ('r','v','m','p','f')
      and a.attnum > 0 and not a.attisdropped
    order by a.attrelid, a.attnum) r`;

const foreignKeysSql = `
  select coalesce(json_agg(r), '[]')::text as data from (
    select con.conname as name, fn.nspname as from_schema, fc.relname as from_table,
      (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
         join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as from_columns,
      tn.nspname as to_schema, tc.relname as to_table,
      (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
         join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as to_columns
    from pg_constraint con
    join pg_class fc on fc.oid = con.conrelid join pg_namespace fn on fn.oid = fc.relnamespace
    join pg_class tc on tc.oid = con.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
    where con.contype = 'f' and (fn.nspname = any($1::text[]) or tn.nspname = any($1::text[]))
    order by fn.nspname, fc.relname, con.conname) r`;

// IN arguments (modes i, b, v) and OUT columns (o, b, t) in declaration order, 1-based arrays.
const functionsSql = `
  select coalesce(json_agg(r), '[]')::text as data from (
    select n.nspname as schema, p.proname as name,
      coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[o], ''),
           'type', format_type(t, null),
           'composite', (select ty.typtype = 'c' from pg_type ty where ty.oid = t)) order by o)
         from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(t, o)
        where p.proargmodes is null or p.proargmodes[o] in ('i', 'b', 'v')), '[]') as in_args,
      coalesce((select json_agg(json_build_object('name', p.proargnames[o],
           'type', format_type(t, null)) order by o)
         from unnest(p.proallargtypes) with ordinality a(t, o)
        where p.proargmodes[o] in ('o', 'b', 't')), '[]') as out_args,
      p.pronargdefaults as default_count,
      format_type(p.prorettype, null) as return_type,
      p.proretset as returns_set,
      (select rn.nspname || '.' || rc.relname from pg_type rt
         join pg_class rc on rc.oid = rt.typrelid join pg_namespace rn on rn.oid = rc.relnamespace
        where rt.oid = p.prorettype and rt.typtype = 'c') as return_rel,
      p.prorettype = 'record'::regtype as returns_record,
      p.provolatile as volatility,
      p.prorows as rows,
      (select an.nspname || '.' || ac.relname from pg_type at
         join pg_class ac on ac.oid = at.typrelid join pg_namespace an on an.oid = ac.relnamespace
        where p.pronargs >= 1 and at.oid = p.proargtypes[0] and at.typtype = 'c') as first_arg_rel
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = any($1::text[]) and p.prokind = 'f'
      and p.prorettype <> 'trigger'::regtype) r`;

// Views over a table: each view column whose rewrite rule reads the base column of the same name.
// Enough for PostgREST-style embedding through simple views (renamed columns are not followed).
const viewColumnsSql = `
  select coalesce(json_agg(r), '[]')::text as data from (
    select distinct vn.nspname as view_schema, v.relname as view_name, a.attname as "column",
      tn.nspname as table_schema, t.relname as table_name
    from pg_class v
    join pg_namespace vn on vn.oid = v.relnamespace
    join pg_rewrite rw on rw.ev_class = v.oid
    join pg_depend d on d.objid = rw.oid and d.classid = 'pg_rewrite'::regclass
      and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0 and d.refobjid <> v.oid
    join pg_class t on t.oid = d.refobjid and t.relkind in ('r', 'p', 'v', 'm', 'f')
    join pg_namespace tn on tn.oid = t.relnamespace
    join pg_attribute ta on ta.attrelid = t.oid and ta.attnum = d.refobjsubid
    join pg_attribute a on a.attrelid = v.oid and a.attname = ta.attname and a.attnum > 0
    where v.relkind in ('v', 'm') and vn.nspname = any($1::text[])) r`;

const typesSql = `
  select coalesce(json_agg(typname), '[]')::text as data from pg_type
  where typnamespace = 'pg_catalog'::regnamespace and typtype in ('b', 'd', 'r', 'm')`;

// Where PostGIS put ST_AsGeoJSON(record) (3.0 and later), if it is installed in any schema.
const geoJsonSql = `
  select coalesce(json_agg(n.nspname), '[]')::text as data
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where p.proname = 'st_asgeojson' and p.pronargs >= 1 and p.proargtypes[0] = 'record'::regtype`;

async function fetchJson<T>(db: Queryable, sql: string, params: unknown[]): Promise<T[]> {
  const result = await db.query<{ data: string }>(sql, params);
  return JSON.parse(result.rows[0].data) as T[];
}

export async function loadSchemaRows(db: Queryable, schemas: string[]) {
  return {
    relations: await fetchJson<RelationRow>(db, relationsSql, [schemas]),
    columns: await fetchJson<ColumnRow>(db, columnsSql, [schemas]),
    foreignKeys: await fetchJson<ForeignKeyRow>(db, foreignKeysSql, [schemas]),
    functions: await fetchJson<FunctionRow>(db, functionsSql, [schemas]),
    viewColumns: await fetchJson<ViewColumnRow>(db, viewColumnsSql, [schemas]),
    typeNames: await fetchJson<string>(db, typesSql, []),
    geoJsonSchemas: await fetchJson<string>(db, geoJsonSql, []),
  };
}
