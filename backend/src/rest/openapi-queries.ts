import type { Queryable } from '../db/types.ts';

/** What one role may do with one relation, and the comments PostgREST puts in descriptions. */
export interface RelationGrant {
  name: string;
  description: string | null;
  select: boolean;
  insert: boolean;
  update: boolean;
  delete: boolean;
  columns: { name: string; description: string | null; max_length: number | null }[];
}

export interface RoutineGrant {
  name: string;
  description: string | null;
}

export interface Grants {
  schemaDescription: string | null;
  relations: RelationGrant[];
  routines: RoutineGrant[];
}

// Privileges are asked of the catalog for the caller's role (PostgREST's openapi-mode
// follow-privileges); a column grant counts as a grant on its table, and a write needs the
// relation to take it (a view that is not auto-updatable is read-only). Arrays come back as JSON text
// so PGlite and node-postgres hand back the same shapes.
const grantsSql = `
  select json_build_object(
    'schemaDescription', (select obj_description(n.oid, 'pg_namespace') from pg_namespace n where n.nspname = $2),
    'relations', coalesce((
      select json_agg(r order by r.name) from (
        select c.relname as name, obj_description(c.oid, 'pg_class') as description,
          has_table_privilege($1, c.oid, 'SELECT') or has_any_column_privilege($1, c.oid, 'SELECT') as "select",
          (has_table_privilege($1, c.oid, 'INSERT') or has_any_column_privilege($1, c.oid, 'INSERT'))
            and pg_relation_is_updatable(c.oid, false) & 8 = 8 as "insert",
          (has_table_privilege($1, c.oid, 'UPDATE') or has_any_column_privilege($1, c.oid, 'UPDATE'))
            and pg_relation_is_updatable(c.oid, false) & 4 = 4 as "update",
          has_table_privilege($1, c.oid, 'DELETE')
            and pg_relation_is_updatable(c.oid, false) & 16 = 16 as "delete",
          (select coalesce(json_agg(json_build_object(
              'name', a.attname,
              'description', col_description(c.oid, a.attnum),
              'max_length', case when a.atttypid in ('varchar'::regtype, 'bpchar'::regtype) and a.atttypmod > 4
                then a.atttypmod - 4 end) order by a.attnum), '[]')
             from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $2 and c.relkind in ('r','v','m','p','f')) r
      where r."select" or r."insert" or r."update" or r."delete"), '[]'),
    'routines', coalesce((
      select json_agg(distinct jsonb_build_object('name', p.proname,
        'description', obj_description(p.oid, 'pg_proc')))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $2 and p.prokind = 'f' and has_function_privilege($1, p.oid, 'EXECUTE')), '[]')
  )::text as data`;

/** Relations and functions of `schema` the role may use, with their comments. */
export async function loadGrants(db: Queryable, role: string, schema: string): Promise<Grants> {
  const result = await db.query<{ data: string }>(grantsSql, [role, schema]);
  return JSON.parse(result.rows[0].data) as Grants;
}
