-- rules the database enforces (decision 0150): limits per caller instead of per site. A fixed
-- window counter per (bucket, caller), taken by the server (edge functions, triggers and
-- security-definer functions), never by the api roles directly.

create table if not exists public.rate_limit_hits (
  bucket text not null check (char_length(bucket) between 1 and 100),
  caller text not null check (char_length(caller) between 1 and 300),
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, caller, window_start)
);
comment on table public.rate_limit_hits is
  'Per-caller request counts in fixed windows (take_rate_limit). caller is ''user:<id>'' for a signed-in caller and ''ip:<address>'' for a visitor. Server only.';
alter table public.rate_limit_hits enable row level security;
revoke all on table public.rate_limit_hits from public, anon, authenticated;
grant all on table public.rate_limit_hits to service_role;

create or replace function public.request_ip()
returns text
language sql
stable
set search_path = ''
as $$
  -- the address of whoever connected to the nearest proxy: the last x-forwarded-for entry, which
  -- that proxy appended (the local backend appends the socket address itself). Entries before it
  -- come from the client and are not trusted.
  select coalesce(
    nullif(btrim((regexp_split_to_array(
      coalesce(current_setting('request.headers', true), '{}')::jsonb ->> 'x-forwarded-for', ','))[
        cardinality(regexp_split_to_array(
          coalesce(current_setting('request.headers', true), '{}')::jsonb ->> 'x-forwarded-for', ','))]), ''),
    'unknown');
$$;
comment on function public.request_ip() is
  'The calling client''s address as the nearest proxy saw it (last x-forwarded-for entry), or ''unknown''.';

create or replace function public.request_caller()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce('user:' || (select auth.uid())::text, 'ip:' || public.request_ip());
$$;
comment on function public.request_caller() is
  'Who is asking, for per-caller limits: ''user:<id>'' when signed in, else ''ip:<address>''.';

create or replace function public.take_rate_limit(
  p_bucket text,
  p_caller text,
  p_limit integer,
  p_window_seconds integer
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_window timestamptz := to_timestamp(
    floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);
  v_hits integer;
begin
  insert into public.rate_limit_hits as h (bucket, caller, window_start, hits)
    values (p_bucket, left(p_caller, 300), v_window, 1)
    on conflict (bucket, caller, window_start) do update set hits = h.hits + 1
    returning h.hits into v_hits;
  -- old windows are cleared now and then by whoever passes.
  if random() < 0.01 then
    delete from public.rate_limit_hits where window_start < now() - interval '1 day';
  end if;
  return v_hits <= p_limit;
end;
$$;
comment on function public.take_rate_limit(text, text, integer, integer) is
  'Counts one hit for (bucket, caller) in the current fixed window of p_window_seconds; true while the count is within p_limit. Server only (edge functions through the service role, triggers, definer functions).';

revoke all on function public.take_rate_limit(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, text, integer, integer) to service_role;
revoke all on function public.request_ip() from public, anon, authenticated;
revoke all on function public.request_caller() from public, anon, authenticated;
