-- rules the database enforces (decision 0150): what a visitor can do without signing in.
--   * profiles.role no longer says who is staff: it named every admin to anyone who could read
--     profiles (visitors included). Staff status lives in admin_users alone, which only the
--     person and other staff read; the column stays (clients read it) and is always 'user'.
--   * profile views and search appearances count a viewer (user, or address for a visitor) once
--     per professional per day, so reloading or scripting the calls no longer inflates them.
--   * the contact form: the site-wide 30-a-minute limit let one visitor close the form for
--     everyone; the limit is now per caller (address, or user), next to the per-e-mail one, and a
--     visitor can no longer set assigned_to, answered_at or a backdated created_at.

-- staff are not named on profiles -------------------------------------------------------------

create or replace function public.sync_profile_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- kept as a no-op trigger target: staff status is read from admin_users only.
  return null;
end;
$$;
comment on function public.sync_profile_role() is
  'Formerly copied the admin_users role onto profiles.role, which every reader of profiles could see. Now does nothing: staff status is in admin_users only.';
update public.profiles set role = 'user' where role is distinct from 'user';
comment on column public.profiles.role is
  'Always ''user'': staff status is not public and lives in admin_users (is_admin(), admin_has_permission()).';

-- a viewer counts once per professional per day ----------------------------------------------

create table if not exists public.profile_stat_marks (
  professional_id uuid not null references public.profiles (id) on delete cascade,
  viewer text not null check (char_length(viewer) between 1 and 300),
  kind text not null check (kind in ('view', 'appearance')),
  day date not null default ((now() at time zone 'utc')::date),
  primary key (professional_id, kind, viewer, day)
);
comment on table public.profile_stat_marks is
  'Who has already counted towards a professional''s views or search appearances today (viewer: user:<id> or ip:<address>). Server only; rows older than a couple of days are cleared as new ones arrive.';
alter table public.profile_stat_marks enable row level security;
revoke all on table public.profile_stat_marks from public, anon, authenticated;
grant all on table public.profile_stat_marks to service_role;

create or replace function public.record_profile_view(professional uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- a professional opening their own profile is not a view; neither is a business id.
  if professional is null or professional = (select auth.uid())
     or not exists (select 1 from public.profiles p where p.id = professional and p.account_type = 'professional') then
    return;
  end if;
  insert into public.profile_stat_marks (professional_id, viewer, kind)
    values (professional, public.request_caller(), 'view')
    on conflict do nothing;
  if not found then
    return;
  end if;
  insert into public.profile_stats_daily as s (professional_id, views)
  values (professional, 1)
  on conflict (professional_id, day) do update set views = s.views + 1;
end;
$$;
comment on function public.record_profile_view(uuid) is
  'Counts a view of a professional''s profile: once per viewer (user, or address for a visitor) per day, never the professional themself.';

create or replace function public.record_search_appearances(professionals uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_viewer text := public.request_caller();
begin
  -- one page of results at most (the search page shows up to 50 a page).
  if professionals is null or cardinality(professionals) = 0 then
    return;
  end if;
  if cardinality(professionals) > 50 then
    raise exception 'at most 50 professionals per page of results' using errcode = '22023';
  end if;
  if random() < 0.01 then
    delete from public.profile_stat_marks where day < (now() at time zone 'utc')::date - 2;
  end if;
  with marked as (
    insert into public.profile_stat_marks (professional_id, viewer, kind)
    select p.id, v_viewer, 'appearance'
    from public.profiles p
    where p.id = any (professionals) and p.account_type = 'professional'
      and p.id is distinct from (select auth.uid())
    on conflict do nothing
    returning professional_id
  )
  insert into public.profile_stats_daily as s (professional_id, search_appearances)
  select m.professional_id, 1 from marked m
  on conflict (professional_id, day) do update set search_appearances = s.search_appearances + 1;
end;
$$;
comment on function public.record_search_appearances(uuid[]) is
  'Counts one appearance in search results for each professional on the page (at most 50): once per viewer (user, or address for a visitor) per professional per day.';

-- the contact form: per caller, and only the columns a visitor writes ------------------------

create or replace function public.limit_contact_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- who sent the request (the jwt's role): inside this security-definer function current_user
  -- is the owner. The service role and the server's own writes are not limited.
  v_api_caller boolean := coalesce((select auth.role()), '') in ('anon', 'authenticated');
begin
  if v_api_caller then
    -- a sender does not choose when the message arrived.
    new.created_at := now();
  end if;
  -- the api roles cannot read contact_messages, so the count runs as the owner (security definer).
  if (select count(*) from public.contact_messages m
      where m.email = new.email and m.created_at > now() - interval '1 hour') >= 3 then
    raise exception 'Too many messages from this address. Please try again in an hour.'
      using errcode = 'PT429';
  end if;
  if v_api_caller and not public.take_rate_limit('contact_form', public.request_caller(), 10, 3600) then
    raise exception 'You have sent several messages in the last hour. Please try again later.'
      using errcode = 'PT429';
  end if;
  return new;
end;
$$;
comment on function public.limit_contact_messages() is
  'Trigger: at most 3 contact messages an hour per e-mail address and 10 per sender (user, or network address for a visitor); created_at is the server''s time. No site-wide limit, so one visitor cannot close the form for others.';

drop policy if exists contact_messages_insert on public.contact_messages;
create policy contact_messages_insert on public.contact_messages
  for insert to anon, authenticated
  with check (
    status = 'new' and assigned_to is null and answered_at is null
    and (user_id is null or user_id = (select auth.uid()))
  );
comment on policy contact_messages_insert on public.contact_messages is
  'Anyone sends a new message as themselves (or anonymously); the inbox''s own columns (status, assigned_to, answered_at) are the inbox area''s to set.';
