-- local-only bootstrap: an access token stops working on /rest/v1 the moment its session is
-- gone (sign-out, a staff suspension or two-factor reset), as it already does on /auth/v1. the
-- rest gateway calls this in the statement that sets the request's role and claims, so the check
-- costs no extra round trip. tokens without a session_id (service and anon keys) pass.
create or replace function auth.require_live_session(p_session_id text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_session_id is null then
    return true;
  end if;
  if p_session_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or not exists (select 1 from auth.sessions s where s.id = p_session_id::uuid) then
    raise exception 'JWT session has ended' using errcode = 'PT401',
      hint = 'Sign in again: this session was signed out or ended by an administrator.';
  end if;
  return true;
end;
$$;
comment on function auth.require_live_session(text) is
  'Local server: raises PT401 (HTTP 401) when a token names a session that no longer exists.';
revoke all on function auth.require_live_session(text) from public;
grant execute on function auth.require_live_session(text) to anon, authenticated, service_role;
