-- the management portal's server side, part two: the users area (suspend and reinstate, reset
-- two-factor, the verified badge, search and a user's page) and the e-mail queue that admin
-- replies and verification decisions go out through (decision 0061).

-- e-mail queue ------------------------------------------------------------------------------

create table if not exists public.outbound_emails (
  id uuid primary key default gen_random_uuid(),
  to_email text not null check (char_length(to_email) between 3 and 320 and to_email like '%_@_%'),
  subject text not null check (char_length(subject) between 1 and 200),
  body_text text not null check (char_length(body_text) between 1 and 10000),
  created_by uuid,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  last_error text
);
comment on table public.outbound_emails is
  'E-mail written by the admin functions (replies, verification decisions), delivered by the server''s mail worker through SMTP or the local outbox. Never readable or writable through the api.';
create index if not exists outbound_emails_unsent_idx on public.outbound_emails (created_at) where sent_at is null;
alter table public.outbound_emails enable row level security;
revoke all on table public.outbound_emails from public, anon, authenticated;
grant all on table public.outbound_emails to service_role;

create or replace function public.queue_admin_email(p_to text, p_subject text, p_body text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.outbound_emails (to_email, subject, body_text, created_by)
  values (lower(trim(p_to)), left(p_subject, 200), left(p_body, 10000), (select auth.uid()));
$$;
comment on function public.queue_admin_email(text, text, text) is 'Internal: queues one e-mail from an admin function.';

-- suspension --------------------------------------------------------------------------------

alter table public.profiles add column if not exists suspended_at timestamptz;
comment on column public.profiles.suspended_at is
  'Set while staff have suspended the account: the user cannot sign in and the profile is hidden from search and profile pages. Changed only through admin_suspend_user and admin_reinstate_user.';

create or replace function public.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- only requests made as an api role are restricted; triggers, functions and the service role are trusted.
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.id is distinct from old.id then
    raise exception 'profiles.id cannot change' using errcode = '42501';
  end if;
  if new.role is distinct from old.role then
    raise exception 'profiles.role follows admin_users and cannot be set directly' using errcode = '42501';
  end if;
  if new.suspended_at is distinct from old.suspended_at then
    raise exception 'suspension changes only through admin_suspend_user and admin_reinstate_user' using errcode = '42501';
  end if;
  if not (select public.admin_has_permission('users')) and (
    new.account_type is distinct from old.account_type
    or new.verified is distinct from old.verified
    or new.rating is distinct from old.rating
    or new.review_count is distinct from old.review_count
    or new.completion_rate is distinct from old.completion_rate
    or new.company_id is distinct from old.company_id
  ) then
    raise exception 'only staff may change account type, verification, rating, review count, completion rate or company link'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function public.guard_profile_update() is
  'Trigger: stops users escalating through their own profile (role, account type, verified badge, ratings, company link, suspension). Admins with the users permission may change all but role (follows admin_users) and suspension (admin functions only).';

drop policy if exists profiles_select_public on public.profiles;
create policy profiles_select_public on public.profiles
  for select to anon
  using (account_type = 'professional' and suspended_at is null);
comment on policy profiles_select_public on public.profiles is
  'Visitors browse and search professionals (public marketplace cards); business and suspended profiles are not public.';

drop policy if exists profiles_select_authenticated on public.profiles;
create policy profiles_select_authenticated on public.profiles
  for select to authenticated
  using (suspended_at is null or id = (select auth.uid()) or (select public.is_admin()));
comment on policy profiles_select_authenticated on public.profiles is
  'Signed-in users see every profile that is not suspended (professionals are public; businesses are counterparties); staff see suspended ones too. Profiles hold no private contact data.';

create or replace function public.admin_require(p_area text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null or not (select public.admin_has_permission(p_area)) then
    raise exception 'No admin privileges' using errcode = '42501';
  end if;
  perform set_config('promatch.in_admin_function', 'on', true);
  return (select auth.uid());
end;
$$;
comment on function public.admin_require(text) is
  'Internal: raises ''No admin privileges'' (42501) unless the caller holds the area; marks the transaction so audit triggers leave the entry to the calling function.';

create or replace function public.admin_clean_reason(p_reason text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_reason is null or char_length(trim(p_reason)) < 3 then
    raise exception 'Please give a reason (at least 3 characters).' using errcode = '22023';
  end if;
  return left(trim(p_reason), 2000);
end;
$$;

create or replace function public.admin_suspend_user(p_user uuid, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.admin_require('users');
  v_reason text := public.admin_clean_reason(p_reason);
  v_before jsonb;
begin
  if p_user = v_actor then
    raise exception 'You cannot suspend your own account.' using errcode = '22023';
  end if;
  if exists (select 1 from public.admin_users a where a.user_id = p_user and a.is_active)
     and not (select public.is_super_admin()) then
    raise exception 'Only a super admin can suspend staff.' using errcode = '42501';
  end if;
  select jsonb_build_object('suspended_at', p.suspended_at) into v_before from public.profiles p where p.id = p_user;
  if v_before is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  update public.profiles set suspended_at = coalesce(suspended_at, now()) where id = p_user;
  -- the auth server refuses banned users at sign-in and refresh; deleting the sessions ends
  -- every signed-in device at once (refresh tokens go with them).
  update auth.users set banned_until = now() + interval '100 years' where id = p_user;
  delete from auth.sessions where user_id = p_user;
  perform public.write_admin_audit('suspend_user', 'user', p_user::text, v_before,
    jsonb_build_object('suspended_at', now()), v_reason);
end;
$$;
comment on function public.admin_suspend_user(uuid, text) is
  'Users area: suspends an account (no sign-in, sessions ended, profile hidden) with a reason, audited.';

create or replace function public.admin_reinstate_user(p_user uuid, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.admin_require('users');
  v_reason text := public.admin_clean_reason(p_reason);
  v_before timestamptz;
begin
  select p.suspended_at into v_before from public.profiles p where p.id = p_user;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  update public.profiles set suspended_at = null where id = p_user;
  update auth.users set banned_until = null where id = p_user;
  perform public.write_admin_audit('reinstate_user', 'user', p_user::text,
    jsonb_build_object('suspended_at', v_before), jsonb_build_object('suspended_at', null), v_reason);
end;
$$;
comment on function public.admin_reinstate_user(uuid, text) is 'Users area: lifts a suspension, audited.';

create or replace function public.admin_reset_mfa(p_user uuid, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.admin_require('users');
  v_reason text := public.admin_clean_reason(p_reason);
  v_factors jsonb;
begin
  if not exists (select 1 from public.profiles p where p.id = p_user) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('factor_type', f.factor_type, 'status', f.status,
    'friendly_name', f.friendly_name)), '[]'::jsonb)
  into v_factors from auth.mfa_factors f where f.user_id = p_user;
  delete from auth.mfa_factors where user_id = p_user;
  -- sessions that passed the second factor end too, so the next sign-in starts from a password.
  delete from auth.sessions where user_id = p_user;
  perform public.write_admin_audit('reset_mfa', 'user', p_user::text,
    jsonb_build_object('factors', v_factors), jsonb_build_object('factors', '[]'::jsonb), v_reason);
end;
$$;
comment on function public.admin_reset_mfa(uuid, text) is
  'Users area: removes every two-factor factor of a user who lost their device and signs them out, audited.';

create or replace function public.admin_set_verified(p_user uuid, p_verified boolean, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.admin_require('users');
  v_reason text := public.admin_clean_reason(p_reason);
  v_before boolean;
begin
  select p.verified into v_before from public.profiles p where p.id = p_user;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  update public.profiles set verified = coalesce(p_verified, false) where id = p_user;
  perform public.write_admin_audit(
    case when p_verified then 'grant_verified_badge' else 'remove_verified_badge' end,
    'user', p_user::text, jsonb_build_object('verified', v_before),
    jsonb_build_object('verified', coalesce(p_verified, false)), v_reason);
end;
$$;
comment on function public.admin_set_verified(uuid, boolean, text) is 'Users area: grants or removes the verified badge, audited.';

-- search and a user's page ---------------------------------------------------------------------

create or replace function public.admin_list_users(
  p_query text default null,
  p_account_type text default null,
  p_plan text default null,
  p_verified boolean default null,
  p_status text default null,
  p_page integer default 1,
  p_page_size integer default 25
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_query text := nullif(trim(coalesce(p_query, '')), '');
  v_size integer := least(greatest(coalesce(p_page_size, 25), 1), 100);
  v_page integer := greatest(coalesce(p_page, 1), 1);
  v_result jsonb;
begin
  if not (select public.admin_has_permission('users')) then
    raise exception 'No admin privileges' using errcode = '42501';
  end if;
  with matched as (
    select p.id, p.name, p.account_type, p.company, p.verified, p.suspended_at, p.created_at,
      u.email, u.last_sign_in_at, coalesce(s.plan_type, 'free') as plan_type,
      case when p.suspended_at is not null then 'suspended' else 'active' end as status
    from public.profiles p
    join auth.users u on u.id = p.id
    left join public.user_subscriptions s on s.user_id = p.id and s.status = 'active'
    where (v_query is null or p.name ilike '%' || v_query || '%' or u.email ilike '%' || v_query || '%'
        or p.company ilike '%' || v_query || '%')
      and (nullif(p_account_type, '') is null or p.account_type = p_account_type)
      and (nullif(p_plan, '') is null or coalesce(s.plan_type, 'free') = p_plan)
      and (p_verified is null or p.verified = p_verified)
      and (nullif(p_status, '') is null
        or (p_status = 'suspended' and p.suspended_at is not null)
        or (p_status = 'active' and p.suspended_at is null))
  )
  select jsonb_build_object(
    'total', (select count(*) from matched),
    'page', v_page,
    'page_size', v_size,
    'items', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.created_at desc, m.id)
      from (select * from matched order by created_at desc, id limit v_size offset (v_page - 1) * v_size) m
    ), '[]'::jsonb)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.admin_list_users(text, text, text, boolean, text, integer, integer) is
  'Users area: search by name, e-mail or company; filter by account type, plan, verified badge and status (active or suspended); newest first, paged.';

create or replace function public.admin_user_detail(p_user uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  if not (select public.admin_has_permission('users')) then
    raise exception 'No admin privileges' using errcode = '42501';
  end if;
  select jsonb_build_object(
    'profile', to_jsonb(p) - 'search_vector' - 'search_text',
    'email', u.email,
    'email_confirmed_at', u.email_confirmed_at,
    'last_sign_in_at', u.last_sign_in_at,
    'signed_up_at', u.created_at,
    'mfa_factors', (select count(*) from auth.mfa_factors f where f.user_id = p.id and f.status = 'verified'),
    'company', (select to_jsonb(c) from public.companies c where c.id = p.company_id),
    'plan', (select jsonb_build_object('plan_type', pl.type, 'plan_name', pl.name, 'limits', pl.limits,
        'commission_rate', pl.commission_rate)
      from public.subscription_plans pl
      where pl.type = coalesce((select s.plan_type from public.user_subscriptions s
        where s.user_id = p.id and s.status = 'active'), 'free')),
    'usage', coalesce((select jsonb_agg(jsonb_build_object('metric_name', su.metric_name,
        'current_usage', su.current_usage, 'period', su.period) order by su.metric_name)
      from public.subscription_usage su
      where su.user_id = p.id and su.period = (date_trunc('month', now() at time zone 'utc'))::date), '[]'::jsonb),
    'activity', coalesce((select jsonb_agg(e order by e."timestamp" desc) from (
        select ev.event_type, ev.event_action, ev.page_path, ev."timestamp"
        from public.analytics_events ev where ev.user_id = p.id
        order by ev."timestamp" desc limit 20) e), '[]'::jsonb),
    'admin_actions', coalesce((select jsonb_agg(a order by a.occurred_at desc) from (
        select l.action, l.reason, l.occurred_at, l.actor_id
        from public.admin_audit_log l where l.target_type = 'user' and l.target_id = p.id::text
        order by l.occurred_at desc limit 20) a), '[]'::jsonb)
  ) into v_result
  from public.profiles p join auth.users u on u.id = p.id
  where p.id = p_user;
  if v_result is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  return v_result;
end;
$$;
comment on function public.admin_user_detail(uuid) is
  'Users area: one user''s page: profile, e-mail and sign-in dates, two-factor, company, plan, this month''s usage, recent activity and the admin actions taken on them.';

-- suspended professionals leave public search too (the rest of search_professionals as in
-- 20261123140000: only the two "suspended_at is null" conditions are new).
create or replace function public.search_professionals(
  p_query text default null,
  p_categories text[] default null,
  p_location text default null,
  p_rate_min integer default null,
  p_rate_max integer default null,
  p_min_rating numeric default null,
  p_verified_only boolean default false,
  p_availability text default null,
  p_sort text default 'relevance',
  p_page integer default 1,
  p_page_size integer default 12
)
returns jsonb
language plpgsql
stable
security definer
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
declare
  v_query text := left(nullif(trim(coalesce(p_query, '')), ''), 200);
  v_tsquery tsquery;
  v_size integer := least(greatest(coalesce(p_page_size, 12), 1), 50);
  v_page integer := greatest(coalesce(p_page, 1), 1);
  v_result jsonb;
  v_fuzzy boolean := false;
begin
  if v_query is not null then
    v_tsquery := websearch_to_tsquery('english'::regconfig, v_query);
    if numnode(v_tsquery) = 0 then
      v_tsquery := null;
    elsif not exists (
      select 1 from public.profiles p
      where p.account_type = 'professional' and p.suspended_at is null and p.search_vector @@ v_tsquery
    ) then
      v_fuzzy := true;
      perform set_config('pg_trgm.word_similarity_threshold', '0.45', true);
    end if;
  end if;

  with matched as (
    select p.id, p.rating, p.review_count, p.hourly_rate_min, p.hourly_rate_max,
      case when v_tsquery is null then 0::real
        when v_fuzzy then extensions.word_similarity(lower(v_query), p.search_text)
        else ts_rank_cd(p.search_vector, v_tsquery) end as relevance
    from public.profiles p
    where p.account_type = 'professional'
      and p.suspended_at is null
      and (v_tsquery is null
        or (not v_fuzzy and p.search_vector @@ v_tsquery)
        or (v_fuzzy and lower(v_query) operator(extensions.<%) p.search_text))
      and (p_categories is null or cardinality(p_categories) = 0 or p.categories && p_categories)
      and (nullif(trim(p_location), '') is null or p.location ilike '%' || trim(p_location) || '%')
      and (p_rate_min is null or p.hourly_rate_max >= p_rate_min)
      and (p_rate_max is null or p.hourly_rate_min <= p_rate_max)
      and (p_min_rating is null or p.rating >= p_min_rating)
      and (not coalesce(p_verified_only, false) or p.verified)
      and (nullif(p_availability, '') is null or p.availability = p_availability)
  ),
  page_ids as (
    select m.id, row_number() over () as position
    from (
      select m.id from matched m
      order by
        case when p_sort = 'rating' then m.rating end desc nulls last,
        case when p_sort = 'rate_asc' then m.hourly_rate_min end asc nulls last,
        case when p_sort = 'rate_desc' then m.hourly_rate_max end desc nulls last,
        case when coalesce(p_sort, 'relevance') = 'relevance' then m.relevance end desc,
        m.rating desc, m.review_count desc, m.id
      limit v_size offset (v_page - 1) * v_size
    ) m
  ),
  page as (
    select p.id, p.name, p.title, p.location, p.skills, p.categories, p.hourly_rate_min,
      p.hourly_rate_max, p.rating, p.review_count, p.verified, p.response_time, p.completion_rate,
      p.availability, left(p.description, 280) as description, p.avatar_url, i.position
    from page_ids i join public.profiles p on p.id = i.id
  )
  select jsonb_build_object(
    'total', (select count(*) from matched),
    'page', v_page,
    'page_size', v_size,
    'items', coalesce((select jsonb_agg(to_jsonb(page) - 'position' order by page.position) from page), '[]'::jsonb)
  ) into v_result;
  return v_result;
end;
$$;

do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and p.proname in ('queue_admin_email', 'admin_require', 'admin_clean_reason')
  loop
    execute format('revoke all on function %s from public, anon, authenticated', f);
  end loop;
  for f in
    select p.oid::regprocedure from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and p.proname in ('admin_suspend_user', 'admin_reinstate_user', 'admin_reset_mfa',
        'admin_set_verified', 'admin_list_users', 'admin_user_detail')
  loop
    execute format('revoke all on function %s from public, anon', f);
    execute format('grant execute on function %s to authenticated, service_role', f);
  end loop;
end;
$$;
