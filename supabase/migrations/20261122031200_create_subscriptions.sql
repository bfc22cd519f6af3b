-- subscription plans (reference data, seeded here so hosted deploys get them), each user's plan,
-- monthly usage counters, and the plan/usage rpcs (get_user_subscription_plan, track_usage).

create table if not exists public.subscription_plans (
  id uuid primary key default gen_random_uuid(),
  type text not null unique check (type in ('free', 'pro')),
  name text not null,
  description text,
  features jsonb not null default '{}'::jsonb check (jsonb_typeof(features) = 'object'),
  limits jsonb not null default '{}'::jsonb check (jsonb_typeof(limits) = 'object'),
  commission_rate numeric(5, 2) not null default 0 check (commission_rate between 0 and 100),
  price_monthly numeric(10, 2) not null default 0 check (price_monthly >= 0),
  currency text not null default 'GBP',
  sort_order integer not null default 0,
  is_active boolean not null default true,
  stripe_price_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.subscription_plans is
  'Plans a professional can choose (free and pro; see decision 0006). features: the 8 flags; limits: monthly_applications, bookings, projects (per calendar month) and file_storage (megabytes), -1 = unlimited. commission_rate is the platform fee in percent. Order by price_monthly, then sort_order (both plans cost professionals nothing).';

drop trigger if exists subscription_plans_set_updated_at on public.subscription_plans;
create trigger subscription_plans_set_updated_at
  before update on public.subscription_plans
  for each row execute function public.set_updated_at();

insert into public.subscription_plans
  (type, name, description, features, limits, commission_rate, price_monthly, sort_order, is_active)
values
  ('free', 'Free', 'Everything you need to start winning work on ProMatch.',
   '{"profile_creation": true, "basic_analytics": true, "advanced_analytics": false, "featured_profile": false,
     "profile_verification_badge": false, "identity_verification": false, "unlimited_applications": false,
     "early_project_access": false}'::jsonb,
   '{"monthly_applications": 10, "bookings": 20, "projects": 5, "file_storage": 500}'::jsonb,
   15.00, 0, 1, true),
  ('pro', 'Pro', 'Unlimited applications, a featured and verified profile and a lower platform fee. Free for professionals.',
   '{"profile_creation": true, "basic_analytics": true, "advanced_analytics": true, "featured_profile": true,
     "profile_verification_badge": true, "identity_verification": true, "unlimited_applications": true,
     "early_project_access": true}'::jsonb,
   '{"monthly_applications": -1, "bookings": -1, "projects": -1, "file_storage": 10240}'::jsonb,
   8.00, 0, 2, true)
on conflict (type) do nothing;

alter table public.subscription_plans enable row level security;

drop policy if exists subscription_plans_select on public.subscription_plans;
create policy subscription_plans_select on public.subscription_plans
  for select to anon, authenticated
  using (is_active or (select public.is_admin()));
comment on policy subscription_plans_select on public.subscription_plans is
  'Everyone reads active plans (pricing and register pages); admins also see retired ones.';

drop policy if exists subscription_plans_insert on public.subscription_plans;
create policy subscription_plans_insert on public.subscription_plans
  for insert to authenticated
  with check ((select public.is_super_admin()));
comment on policy subscription_plans_insert on public.subscription_plans is 'Only super admins create plans.';

drop policy if exists subscription_plans_update on public.subscription_plans;
create policy subscription_plans_update on public.subscription_plans
  for update to authenticated
  using ((select public.is_super_admin()))
  with check ((select public.is_super_admin()));
comment on policy subscription_plans_update on public.subscription_plans is 'Only super admins change prices, limits or fees.';

drop policy if exists subscription_plans_delete on public.subscription_plans;
create policy subscription_plans_delete on public.subscription_plans
  for delete to authenticated
  using ((select public.is_super_admin()));
comment on policy subscription_plans_delete on public.subscription_plans is 'Only super admins delete plans (prefer is_active = false).';

-- user_subscriptions ---------------------------------------------------------------------

create table if not exists public.user_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  plan_type text not null default 'free' references public.subscription_plans (type) on update cascade,
  status text not null default 'active' check (status in ('active', 'cancelled', 'past_due')),
  started_at timestamptz not null default now(),
  current_period_end timestamptz,
  stripe_subscription_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.user_subscriptions is
  'The plan each user is on (one row per user, created at sign-up). Users without an active row are on the free plan. Changed by staff or the billing function (service role), never directly by the user.';

drop trigger if exists user_subscriptions_set_updated_at on public.user_subscriptions;
create trigger user_subscriptions_set_updated_at
  before update on public.user_subscriptions
  for each row execute function public.set_updated_at();

alter table public.user_subscriptions enable row level security;

drop policy if exists user_subscriptions_select on public.user_subscriptions;
create policy user_subscriptions_select on public.user_subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
comment on policy user_subscriptions_select on public.user_subscriptions is 'Users read their own subscription; admins read all.';

drop policy if exists user_subscriptions_insert on public.user_subscriptions;
create policy user_subscriptions_insert on public.user_subscriptions
  for insert to authenticated
  with check ((select public.is_admin()));
comment on policy user_subscriptions_insert on public.user_subscriptions is 'Admins create subscriptions for support cases; sign-up creates the rest.';

drop policy if exists user_subscriptions_update on public.user_subscriptions;
create policy user_subscriptions_update on public.user_subscriptions
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
comment on policy user_subscriptions_update on public.user_subscriptions is 'Admins change plans; users cannot grant themselves a plan.';

drop policy if exists user_subscriptions_delete on public.user_subscriptions;
create policy user_subscriptions_delete on public.user_subscriptions
  for delete to authenticated
  using ((select public.is_super_admin()));
comment on policy user_subscriptions_delete on public.user_subscriptions is 'Only super admins delete subscription records.';

-- subscription_usage ---------------------------------------------------------------------

create table if not exists public.subscription_usage (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  metric_name text not null check (metric_name in ('monthly_applications', 'bookings', 'projects', 'file_storage')),
  period date not null default (date_trunc('month', now() at time zone 'utc'))::date,
  current_usage integer not null default 0 check (current_usage >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint subscription_usage_user_metric_period_key unique (user_id, metric_name, period)
);
comment on table public.subscription_usage is
  'Usage per user, metric and calendar month (period = first day of the month, UTC). Written only through track_usage, which enforces the plan limit atomically.';

alter table public.subscription_usage enable row level security;

drop policy if exists subscription_usage_select on public.subscription_usage;
create policy subscription_usage_select on public.subscription_usage
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
comment on policy subscription_usage_select on public.subscription_usage is
  'Users read their own usage; admins read all. No write policies: counters change only through track_usage.';

-- rpcs -------------------------------------------------------------------------------------

create or replace function public.get_user_subscription_plan(user_uuid uuid)
returns table (plan_type text, plan_name text, features jsonb, limits jsonb, commission_rate numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null
     or (user_uuid is distinct from (select auth.uid()) and not (select public.is_admin())) then
    raise exception 'you may only read your own subscription plan' using errcode = '42501';
  end if;
  return query
    select p.type, p.name, p.features, p.limits, p.commission_rate
    from public.subscription_plans p
    where p.type = coalesce(
      (select s.plan_type from public.user_subscriptions s
        where s.user_id = user_uuid and s.status = 'active'),
      'free');
end;
$$;
comment on function public.get_user_subscription_plan(uuid) is
  'The caller''s plan (or any user''s, for admins): plan_type, plan_name, features, limits, commission_rate. Users without an active subscription get the free plan.';

create or replace function public.track_usage(user_uuid uuid, metric_name text, increment_by integer default 1)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_period date := (date_trunc('month', now() at time zone 'utc'))::date;
  v_limit integer;
  v_updated integer;
begin
  if (select auth.uid()) is null or user_uuid is distinct from (select auth.uid()) then
    raise exception 'you may only track your own usage' using errcode = '42501';
  end if;
  if increment_by is null or increment_by < 1 then
    raise exception 'increment_by must be a positive integer' using errcode = '22023';
  end if;

  select (p.limits ->> track_usage.metric_name)::integer into v_limit
  from public.subscription_plans p
  where p.type = coalesce(
    (select s.plan_type from public.user_subscriptions s
      where s.user_id = user_uuid and s.status = 'active'),
    'free');
  if v_limit is null then
    raise exception 'unknown usage metric: %', track_usage.metric_name using errcode = '22023';
  end if;

  insert into public.subscription_usage (user_id, metric_name, period, current_usage)
  values (user_uuid, track_usage.metric_name, v_period, 0)
  on conflict on constraint subscription_usage_user_metric_period_key do nothing;

  -- one conditional update: concurrent callers queue on the row lock and re-check the limit
  -- against the committed value, so the counter can never pass the limit.
  update public.subscription_usage u
  set current_usage = u.current_usage + increment_by, updated_at = now()
  where u.user_id = user_uuid
    and u.metric_name = track_usage.metric_name
    and u.period = v_period
    and (v_limit = -1 or u.current_usage + increment_by <= v_limit);
  get diagnostics v_updated = row_count;
  return v_updated = 1;
end;
$$;
comment on function public.track_usage(uuid, text, integer) is
  'Adds increment_by to the caller''s usage of metric_name this month if the plan limit allows (-1 = unlimited). Returns true when counted, false when the limit would be exceeded. Only for the caller''s own user.';
