-- The aal2 check of 20261201090000_mfa_aal2_everywhere.sql, at a fraction of the cost
-- (docs/decisions/0158-mfa-check-once-per-request.md). Same rule, same answers.
--
-- Before, private.mfa_satisfied() was a security definer sql function: never inlined, so
-- postgresql parsed and planned its body again in every statement that called it, and read
-- auth.mfa_factors each time. The pre-request hook and the restrictive policy on every table each
-- called it, so a /rest/v1 request paid for it twice: on postgresql that was about half of the
-- database's cpu per select-by-id (docs/benchmarks/rest-gateway.md).
--
-- Now:
--   * private.mfa_check() does the check (plpgsql, which keeps its plans for the session) and,
--     when the answer is yes for a signed-in user, remembers it for the rest of the transaction
--     in the transaction-local setting private.mfa_satisfied_for: the request's claims, as text;
--   * private.mfa_satisfied() is plain sql, inlined into the policy (no function call at all):
--     true when that setting equals the current claims, else it asks private.mfa_check(). Never
--     null (the pre-request's `if not ...` would let a null through).
-- So the pre-request reads auth.mfa_factors once and the policies after it compare two settings.
-- The memo is bound to the claims themselves: a transaction whose claims change asks again, and
-- a negative answer is never remembered. A caller could write the setting only by running sql,
-- which over rest needs the pre-request to have passed first (the hook refuses the request before
-- anything of the caller's runs); storage and realtime run only their own statements. The legacy
-- single-claim setting request.jwt.claim.sub (which auth.uid() prefers) disables the shortcut.

create or replace function private.mfa_check()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null or coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' then
    return true;
  end if;
  if exists (
    select 1 from auth.mfa_factors f
     where f.user_id = caller and f.status = 'verified'
  ) then
    return false;
  end if;
  perform pg_catalog.set_config(
    'private.mfa_satisfied_for', pg_catalog.current_setting('request.jwt.claims', true), true
  );
  return true;
end;
$$;
comment on function private.mfa_check() is
  'private.mfa_satisfied() without the shortcut: reads auth.mfa_factors; remembers a yes for the transaction.';
revoke all on function private.mfa_check() from public;
grant execute on function private.mfa_check() to anon, authenticated, service_role;

create or replace function private.mfa_satisfied()
returns boolean
language sql
stable
security invoker
as $$
  select coalesce(
      nullif(pg_catalog.current_setting('request.jwt.claims', true), '')
        = pg_catalog.current_setting('private.mfa_satisfied_for', true)
      and nullif(pg_catalog.current_setting('request.jwt.claim.sub', true), '') is null,
      false
    )
    or private.mfa_check()
$$;
comment on function private.mfa_satisfied() is
  'False only for a user with a verified MFA factor whose token is below aal2 (inlined into policies).';
revoke all on function private.mfa_satisfied() from public;
grant execute on function private.mfa_satisfied() to anon, authenticated, service_role;
