-- local-only bootstrap: tells the realtime server the moment a session ends (sign-out of either
-- scope, refresh-token reuse, a staff suspension or ban, the user's deletion), so it closes that
-- session's channels at once instead of letting them run until the access token expires. the
-- payload is the session id; every instance on the database listens. idempotent.
create or replace function auth.notify_session_ended() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('auth_session_ended', old.id::text);
  return null;
end;
$$;
comment on function auth.notify_session_ended() is
  'Local server: notifies auth_session_ended with the id of each deleted session (realtime closes its channels).';
revoke all on function auth.notify_session_ended() from public;

drop trigger if exists sessions_notify_ended on auth.sessions;
create trigger sessions_notify_ended
  after delete on auth.sessions
  for each row execute function auth.notify_session_ended();
