-- local-only bootstrap: what a hosted supabase project already has before any migration runs.
-- roles, schemas, auth.uid()/auth.role()/auth.jwt() and default privileges, shaped like supabase's.
-- idempotent: runs on every fresh database; on postgresql roles are cluster-wide, so they may
-- already exist (another database on the same cluster) or be created concurrently.

-- roles postgrest switches to. nologin noinherit, exactly as supabase creates them.
do $$
declare
  spec record;
begin
  for spec in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit')
    ) as t(name, options)
  loop
    if not exists (select 1 from pg_roles where rolname = spec.name) then
      begin
        execute format('create role %I %s', spec.name, spec.options);
      exception
        -- another server created it between our check and our create.
        when duplicate_object or unique_violation then null;
      end;
    end if;
  end loop;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- schemas hosted supabase provides. the auth tables themselves come from 010_auth_schema.sql.
create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
comment on schema extensions is 'extensions live here, as on hosted supabase';

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;

-- the claims of the current request, as postgrest sets them. a guc reset after a transaction
-- reads as '' rather than null, hence nullif before the cast.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
comment on function auth.uid() is 'the user id (sub claim) of the current request, or null';

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
comment on function auth.role() is 'the role claim of the current request, or null';

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
comment on function auth.email() is 'the email claim of the current request, or null';

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
comment on function auth.jwt() is 'all claims of the current request as jsonb, or null';

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;

-- tables, sequences and functions created later in public are usable by the api roles;
-- row-level security policies decide which rows, as on hosted supabase.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
grant all on all tables in schema public to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;
grant all on all functions in schema public to anon, authenticated, service_role;
