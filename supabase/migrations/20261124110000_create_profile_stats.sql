-- profile_stats_daily: how often each professional's profile was opened and how often it appeared
-- in search results, one row per professional and day. the dashboard overview shows the last 30
-- days to the professional. writes go only through the two recording functions below, which
-- anyone (visitors included) may call: they add one to a counter and can reveal nothing.

create table if not exists public.profile_stats_daily (
  professional_id uuid not null references public.profiles (id) on delete cascade,
  day date not null default (now() at time zone 'utc')::date,
  views integer not null default 0 check (views >= 0),
  search_appearances integer not null default 0 check (search_appearances >= 0),
  primary key (professional_id, day)
);
comment on table public.profile_stats_daily is
  'Per professional and UTC day: profile views (the public profile page opened by someone else) and search appearances (shown on a page of search results). Written only by record_profile_view and record_search_appearances.';

alter table public.profile_stats_daily enable row level security;

drop policy if exists profile_stats_daily_select on public.profile_stats_daily;
create policy profile_stats_daily_select on public.profile_stats_daily
  for select to authenticated
  using (professional_id = (select auth.uid()) or (select public.is_admin()));
comment on policy profile_stats_daily_select on public.profile_stats_daily is
  'A professional reads their own figures; admins read all. No write policies: counters change only through the recording functions.';

revoke all on table public.profile_stats_daily from public, anon, authenticated;
grant all on table public.profile_stats_daily to service_role;
grant select on table public.profile_stats_daily to authenticated;

create or replace function public.record_profile_view(professional uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- a professional opening their own profile is not a view; neither is a business id.
  if professional is null or professional = (select auth.uid())
     or not exists (select 1 from public.profiles p where p.id = professional and p.account_type = 'professional') then
    return;
  end if;
  insert into public.profile_stats_daily as s (professional_id, views)
  values (professional, 1)
  on conflict (professional_id, day) do update set views = s.views + 1;
end;
$$;
comment on function public.record_profile_view(uuid) is
  'Counts one view of a professional''s public profile today (not when the professional views their own). Callable by visitors and users.';

create or replace function public.record_search_appearances(professionals uuid[])
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- one page of results at most (the search page shows up to 50 a page).
  if professionals is null or cardinality(professionals) = 0 then
    return;
  end if;
  if cardinality(professionals) > 50 then
    raise exception 'at most 50 professionals per page of results' using errcode = '22023';
  end if;
  insert into public.profile_stats_daily as s (professional_id, search_appearances)
  select p.id, 1
  from public.profiles p
  where p.id = any (professionals) and p.account_type = 'professional'
    and p.id is distinct from (select auth.uid())
  on conflict (professional_id, day) do update set search_appearances = s.search_appearances + 1;
end;
$$;
comment on function public.record_search_appearances(uuid[]) is
  'Counts one search appearance today for each professional on a page of results (at most 50, duplicates once). Callable by visitors and users.';

create or replace function public.my_profile_activity(days integer default 30)
returns table (views bigint, search_appearances bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(sum(s.views), 0)::bigint, coalesce(sum(s.search_appearances), 0)::bigint
  from public.profile_stats_daily s
  where s.professional_id = (select auth.uid())
    and s.day > (now() at time zone 'utc')::date - least(greatest(coalesce(days, 30), 1), 366);
$$;
comment on function public.my_profile_activity(integer) is
  'The caller''s profile views and search appearances over the last `days` days (today included). Runs under the caller''s row-level security.';

revoke all on function public.record_profile_view(uuid), public.record_search_appearances(uuid[]),
  public.my_profile_activity(integer) from public, anon, authenticated;
grant execute on function public.record_profile_view(uuid), public.record_search_appearances(uuid[])
  to anon, authenticated, service_role;
grant execute on function public.my_profile_activity(integer) to authenticated, service_role;
