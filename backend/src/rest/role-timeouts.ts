import type { Queryable } from '../db/types.ts';

/**
 * Statement timeouts per API role, as hosted Supabase sets them (`alter role anon set
 * statement_timeout = '3s'`, authenticated 8 s) and as PostgREST applies an impersonated role's
 * settings. Here the defaults are not written to the roles, which every database of a cluster
 * shares (the tests run many databases on one PostgreSQL); a setting written with
 * `alter role <role> [in database <db>] set statement_timeout = …` replaces the default, the
 * database's own before the cluster-wide one, and is read again on `notify pgrst, 'reload config'`.
 * service_role keeps the server's setting unless one is written for it.
 */
export const DEFAULT_ROLE_TIMEOUTS: Readonly<Record<string, string>> = {
  anon: '3s',
  authenticated: '8s',
};

export async function loadRoleTimeouts(db: Queryable): Promise<Record<string, string>> {
  const { rows } = await db.query<{ role: string; timeout: string }>(
    `select r.rolname as role, substr(cfg, length('statement_timeout=') + 1) as timeout
       from pg_db_role_setting s
       join pg_roles r on r.oid = s.setrole
       cross join lateral unnest(s.setconfig) as cfg
      where r.rolname in ('anon', 'authenticated', 'service_role')
        and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
        and cfg like 'statement\\_timeout=%'
      order by s.setdatabase`,
  );
  const timeouts = { ...DEFAULT_ROLE_TIMEOUTS };
  // Cluster-wide rows (setdatabase 0) come first, so the database's own setting wins.
  for (const { role, timeout } of rows) timeouts[role] = timeout;
  return timeouts;
}
