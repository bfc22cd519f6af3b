import type { Queryable } from '../db/types.ts';

/**
 * PostgREST's db-pre-request function, read the way PostgREST reads in-database configuration:
 * the `pgrst.db_pre_request` setting of the authenticator role (this database's setting before a
 * role-wide one). Answers the function's quoted, schema-qualified name, or undefined when none is
 * set or it names no single function. `notify pgrst, 'reload config'` reads it again.
 */
export async function loadPreRequest(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ fn: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(p.proname) as fn
       from pg_db_role_setting s
       cross join lateral unnest(s.setconfig) as cfg
       join pg_proc p on p.oid = to_regproc(substr(cfg, length('pgrst.db_pre_request=') + 1))
       join pg_namespace n on n.oid = p.pronamespace
      where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
        and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
        and cfg like 'pgrst.db\\_pre\\_request=%'
      order by s.setdatabase desc
      limit 1`,
  );
  return rows[0]?.fn;
}
