-- The aal2 check of 20261201090000_mfa_aal2_everywhere.sql, at a fraction of the cost
-- (docs/decisions/0158-mfa-check-once-per-request.md). Same rule, same answers:
--   * private.mfa_satisfied() is plpgsql instead of sql. A security definer sql function is never
--     inlined, and postgresql parses and plans its body again in every statement that calls it;
--     plpgsql keeps its plans for the session. The pre-request hook and the restrictive policy on
--     every table each called it once per request: on postgresql that was about half of the
--     database's cpu per select-by-id (docs/benchmarks/rest-gateway.md).
--   * a positive answer for a signed-in user is remembered for the rest of the transaction in the
--     transaction-local setting private.mfa_satisfied_for (the user id), so the policy after the
--     pre-request reads a setting instead of auth.mfa_factors. it is bound to the user id of the
--     claims: a transaction whose claims change asks again. a caller could set that setting
--     itself only by running sql, which over rest needs the pre-request to have passed already
--     (the hook refuses the request before anything of the caller's runs); storage and realtime
--     run only their own statements. a negative answer is never remembered.

create or replace function private.mfa_satisfied()
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
  if current_setting('private.mfa_satisfied_for', true) = caller::text then
    return true;
  end if;
  if exists (
    select 1 from auth.mfa_factors f
     where f.user_id = caller and f.status = 'verified'
  ) then
    return false;
  end if;
  perform set_config('private.mfa_satisfied_for', caller::text, true);
  return true;
end;
$$;
comment on function private.mfa_satisfied() is
  'False only for a user with a verified MFA factor whose token is below aal2 (remembered per transaction when true).';
revoke all on function private.mfa_satisfied() from public;
grant execute on function private.mfa_satisfied() to anon, authenticated, service_role;
