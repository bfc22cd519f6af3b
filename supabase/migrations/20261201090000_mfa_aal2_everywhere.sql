-- Multi-factor authentication enforced in the database (docs/decisions/0148-mfa-aal2-in-the-database.md).
-- A user with a verified factor who signed in with the password only (aal1) reaches nothing until
-- the session passes the second step (aal2):
--   * a restrictive policy on every table in public, on storage.objects and on realtime.messages
--     (private channels), so rest, storage, realtime joins and postgres_changes deliveries (which
--     read the row back as the subscriber) all see nothing and may write nothing;
--   * postgrest's db-pre-request hook refuses every /rest/v1 request (tables and rpc, including
--     security definer functions, which bypass rls) with 403 and a clear message.
-- Users without a verified factor, anon and service_role are unaffected.
-- backend/test/security/mfa-aal.test.ts fails when a table lacks the policy.

create schema if not exists private;
comment on schema private is 'helpers the api roles may call from policies, never exposed over rest';
grant usage on schema private to anon, authenticated, service_role;

-- true unless the caller is a user with a verified factor whose token is not aal2. security
-- definer so it may read auth.mfa_factors; stable and argument-free, so a policy that wraps it in
-- (select ...) evaluates it once per statement (an initplan), not once per row.
create or replace function private.mfa_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is null
    or coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
       where f.user_id = auth.uid() and f.status = 'verified'
    )
$$;
comment on function private.mfa_satisfied() is
  'False only for a user with a verified MFA factor whose token is below aal2.';
revoke all on function private.mfa_satisfied() from public;
grant execute on function private.mfa_satisfied() to anon, authenticated, service_role;

-- postgrest calls this before every request, as the request's role with its claims set.
create or replace function private.mfa_pre_request()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.mfa_satisfied() then
    raise exception 'Two-factor authentication required'
      using errcode = 'PT403',
        detail = 'This account has an authenticator app; this session has not passed it yet (aal1).',
        hint = 'Finish signing in with the 6-digit code from your authenticator app.';
  end if;
end;
$$;
comment on function private.mfa_pre_request() is
  'PostgREST db-pre-request: refuses (403) an aal1 request of a user with a verified factor.';
revoke all on function private.mfa_pre_request() from public;
grant execute on function private.mfa_pre_request() to anon, authenticated, service_role;

-- in this database only: on a shared cluster (tests) other databases keep their own settings.
do $$
begin
  execute format(
    'alter role authenticator in database %I set pgrst.db_pre_request = %L',
    current_database(),
    'private.mfa_pre_request'
  );
end
$$;
notify pgrst, 'reload config';

-- the policy on every table in public, storage.objects and realtime.messages. a later migration
-- that creates a table adds the same policy (the test names the table until it does).
do $$
declare
  t regclass;
begin
  for t in
    select c.oid::regclass
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ((n.nspname = 'public' and c.relkind in ('r', 'p'))
         or (n.nspname = 'storage' and c.relname = 'objects')
         or (n.nspname = 'realtime' and c.relname = 'messages'))
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
       and not exists (
         select 1 from pg_policy p
          where p.polrelid = c.oid and p.polname = 'mfa: aal2 for enrolled users'
       )
  loop
    execute format(
      'create policy %I on %s as restrictive to authenticated using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()))',
      'mfa: aal2 for enrolled users',
      t
    );
  end loop;
end
$$;
