/**
 * Catalogue queries behind the schema dump. Each returns plain rows: names, texts that
 * PostgreSQL itself renders (pg_get_functiondef, pg_get_constraintdef, ...) and privileges as
 * `{grantee, privilege}` pairs, never an OID, so two databases with the same schema give the
 * same rows. They run on PGlite and PostgreSQL alike.
 */

/** Schemas the dump covers: everything but PostgreSQL's own and the migration runner's. */
export const dumpedSchemas = `(select n.oid from pg_namespace n
  where n.nspname not like 'pg\\_%' and n.nspname not in ('information_schema', 'supabase_migrations'))`;

/** Objects that belong to an extension (pg_trgm's functions, ...) are the extension's, not ours. */
const notExtensionMember = (classTable: string, oid: string) => `not exists (
  select 1 from pg_depend d where d.classid = '${classTable}'::regclass and d.objid = ${oid}
    and d.deptype = 'e')`;

/** An ACL as a JSON array of grants, PUBLIC as `public`, the owner's implicit rights left out. */
const aclJson = (acl: string, owner: string) => `coalesce((
  select json_agg(json_build_object(
      'grantee', case when x.grantee = 0 then 'public' else pg_get_userbyid(x.grantee) end,
      'privilege', x.privilege_type, 'grantable', x.is_grantable)
    order by 1)
  from aclexplode(${acl}) x where x.grantee <> ${owner}), '[]'::json)`;

// Superusers are the operator's (postgres, a machine's own), not the schema's: RLS ignores them.
export const rolesSql = `
  select r.rolname as name, r.rolcanlogin as login, r.rolinherit as inherit,
    r.rolbypassrls as bypassrls, r.rolsuper as superuser, r.rolcreaterole as createrole,
    coalesce((select json_agg(g.rolname order by g.rolname) from pg_auth_members m
      join pg_roles g on g.oid = m.roleid where m.member = r.oid), '[]'::json) as member_of
  from pg_roles r
  where r.rolname not like 'pg\\_%' and not r.rolsuper
  order by r.rolname`;

export const schemasSql = `
  select n.nspname as name, obj_description(n.oid, 'pg_namespace') as comment,
    ${aclJson('n.nspacl', 'n.nspowner')} as grants
  from pg_namespace n where n.oid in ${dumpedSchemas} and n.nspname <> 'public'
    and ${notExtensionMember('pg_namespace', 'n.oid')}
  order by n.nspname`;

export const publicSchemaGrantsSql = `
  select ${aclJson('n.nspacl', 'n.nspowner')} as grants from pg_namespace n where n.nspname = 'public'`;

export const extensionsSql = `
  select e.extname as name, n.nspname as schema
  from pg_extension e join pg_namespace n on n.oid = e.extnamespace
  where e.extname <> 'plpgsql' order by e.extname`;

export const defaultPrivilegesSql = `
  select pg_get_userbyid(d.defaclrole) as role, n.nspname as schema,
    case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions'
      when 'T' then 'types' when 'n' then 'schemas' end as object_type,
    ${aclJson('d.defaclacl', 'd.defaclrole')} as grants
  from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
  order by 1, 2, 3`;

export const publicationsSql = `
  select p.pubname as name, p.puballtables as all_tables,
    p.pubinsert as ins, p.pubupdate as upd, p.pubdelete as del, p.pubtruncate as trunc
  from pg_publication p order by p.pubname`;

export const typesSql = `
  select n.nspname as schema, t.typname as name, t.typtype as kind,
    coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e
      where e.enumtypid = t.oid), '[]'::json) as labels,
    coalesce((select json_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) order by a.attnum)
      from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped),
      '[]'::json) as attributes,
    case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) end as base_type,
    t.typnotnull as not_null, t.typdefault as default_value,
    coalesce((select json_agg(pg_get_constraintdef(c.oid, true) order by c.conname)
      from pg_constraint c where c.contypid = t.oid and c.contype = 'c'), '[]'::json) as checks,
    obj_description(t.oid, 'pg_type') as comment
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
  where t.typnamespace in ${dumpedSchemas} and t.typtype in ('e', 'd', 'c')
    and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')
    and ${notExtensionMember('pg_type', 't.oid')}
  order by n.nspname, t.typname`;

export const sequencesSql = `
  select s.schemaname as schema, s.sequencename as name, s.data_type::text as data_type,
    s.start_value::text as start_value, s.increment_by::text as increment_by,
    s.min_value::text as min_value, s.max_value::text as max_value, s.cache_size::text as cache_size,
    s.cycle, ${aclJson('c.relacl', 'c.relowner')} as grants
  from pg_sequences s
  join pg_class c on c.relname = s.sequencename
    and c.relnamespace = (select oid from pg_namespace where nspname = s.schemaname)
  where c.relnamespace in ${dumpedSchemas}
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
      and d.objid = c.oid and d.deptype in ('a', 'i', 'e'))
  order by 1, 2`;

/** Tables, views and materialized views with everything that hangs off them. */
export const relationsSql = `
  select n.nspname as schema, c.relname as name, c.relkind as kind,
    c.relrowsecurity as rls, c.relforcerowsecurity as force_rls, c.relreplident as replica_identity,
    coalesce(c.reloptions, '{}') as options,
    case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as view_definition,
    obj_description(c.oid, 'pg_class') as comment,
    ${aclJson('c.relacl', 'c.relowner')} as grants,
    coalesce((select json_agg(json_build_object(
        'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
        'not_null', a.attnotnull, 'default', pg_get_expr(d.adbin, d.adrelid),
        'identity', a.attidentity, 'generated', a.attgenerated,
        'collation', case when a.attcollation <> t.typcollation then
          (select collname from pg_collation where oid = a.attcollation) end,
        'comment', col_description(c.oid, a.attnum),
        'grants', ${aclJson('a.attacl', 'c.relowner')}) order by a.attnum)
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns,
    coalesce((select json_agg(json_build_object('name', k.conname,
        'definition', pg_get_constraintdef(k.oid, true)) order by
        position(k.contype in 'pufcx'), k.conname)
      from pg_constraint k where k.conrelid = c.oid and k.contype in ('p', 'u', 'f', 'c', 'x')),
      '[]'::json) as constraints,
    coalesce((select json_agg(pg_get_indexdef(i.indexrelid) order by ic.relname)
      from pg_index i join pg_class ic on ic.oid = i.indexrelid
      where i.indrelid = c.oid and not exists (select 1 from pg_constraint k
        where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))), '[]'::json) as indexes,
    coalesce((select json_agg(json_build_object('name', p.polname, 'permissive', p.polpermissive,
        'command', p.polcmd,
        'roles', (select json_agg(case when r = 0 then 'public' else pg_get_userbyid(r) end order by 1)
          from unnest(p.polroles) r),
        'using', pg_get_expr(p.polqual, p.polrelid, true),
        'check', pg_get_expr(p.polwithcheck, p.polrelid, true)) order by p.polname)
      from pg_policy p where p.polrelid = c.oid), '[]'::json) as policies,
    coalesce((select json_agg(json_build_object('name', g.tgname,
        'definition', pg_get_triggerdef(g.oid, true), 'enabled', g.tgenabled) order by g.tgname)
      from pg_trigger g where g.tgrelid = c.oid and not g.tgisinternal), '[]'::json) as triggers,
    coalesce((select json_agg(p.pubname order by p.pubname) from pg_publication_rel pr
      join pg_publication p on p.oid = pr.prpubid where pr.prrelid = c.oid), '[]'::json) as publications
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relnamespace in ${dumpedSchemas} and c.relkind in ('r', 'p', 'v', 'm')
    and not c.relispartition and ${notExtensionMember('pg_class', 'c.oid')}
  order by n.nspname, c.relname`;

export const functionsSql = `
  select n.nspname as schema, p.proname as name,
    pg_get_function_identity_arguments(p.oid) as identity_args,
    case p.prokind when 'p' then 'procedure' else 'function' end as kind,
    pg_get_functiondef(p.oid) as definition,
    obj_description(p.oid, 'pg_proc') as comment,
    p.proacl is null as default_acl,
    ${aclJson('p.proacl', 'p.proowner')} as grants
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where p.pronamespace in ${dumpedSchemas} and p.prokind in ('f', 'p')
    and ${notExtensionMember('pg_proc', 'p.oid')}
  order by n.nspname, p.proname, 3`;

export const eventTriggersSql = `
  select e.evtname as name, e.evtevent as event, e.evtfoid::regproc::text as function,
    coalesce(e.evttags, '{}') as tags
  from pg_event_trigger e order by e.evtname`;

/** Bucket rows the migrations insert: their settings are part of what storage policies mean. */
export const bucketsSql = `
  select id, name, public, file_size_limit::text as file_size_limit,
    coalesce(allowed_mime_types, '{}') as allowed_mime_types
  from storage.buckets order by id`;
