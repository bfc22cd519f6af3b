-- the plan's feature-access rule in the database, and plan changes a professional makes
-- themselves. the same rule lives in shared/src/plans/feature-access.ts for the apps; this copy
-- is the one that counts, because policies and triggers call it.
--
-- rule: the feature flag must be on (when a flag is asked about); a limit of -1 means
-- unlimited; otherwise this month's usage must stay below the limit.

create or replace function public.plan_of(user_uuid uuid)
returns public.subscription_plans
language sql
stable
security definer
set search_path = ''
as $$
  select p.* from public.subscription_plans p
  where p.type = coalesce(
    (select s.plan_type from public.user_subscriptions s
      where s.user_id = user_uuid and s.status = 'active'),
    'free');
$$;
comment on function public.plan_of(uuid) is
  'The plan row a user is on (free without an active subscription). Internal: policies, triggers and rpcs call it; the api roles cannot.';

create or replace function public.usage_this_month(user_uuid uuid, metric text)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select u.current_usage from public.subscription_usage u
    where u.user_id = user_uuid and u.metric_name = metric
      and u.period = (date_trunc('month', now() at time zone 'utc'))::date
  ), 0);
$$;
comment on function public.usage_this_month(uuid, text) is
  'A user''s usage of one metric in the current calendar month (UTC), 0 when nothing is counted yet. Internal.';

create or replace function public.feature_access_of(user_uuid uuid, feature text default null, limit_name text default null)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_plan public.subscription_plans;
  v_limit integer;
begin
  if user_uuid is null then
    return false;
  end if;
  v_plan := public.plan_of(user_uuid);
  if feature is not null and coalesce((v_plan.features ->> feature)::boolean, false) is not true then
    return false;
  end if;
  if limit_name is null then
    return true;
  end if;
  v_limit := (v_plan.limits ->> limit_name)::integer;
  if v_limit is null then
    return false;
  end if;
  return v_limit = -1 or public.usage_this_month(user_uuid, limit_name) < v_limit;
end;
$$;
comment on function public.feature_access_of(uuid, text, text) is
  'The feature-access rule for any user: flag on (when given), limit -1 = unlimited, otherwise this month''s usage below the limit. Internal: for policies, triggers and other security definer functions.';

create or replace function public.has_feature_access(feature text default null, limit_name text default null)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.feature_access_of((select auth.uid()), feature, limit_name);
$$;
comment on function public.has_feature_access(text, text) is
  'The feature-access rule for the caller (false for visitors). Policies use it; the apps may call it as an rpc to ask the database the same question the shared helper answers.';

-- plan changes --------------------------------------------------------------------------------

create or replace function public.change_my_plan(p_plan text)
returns table (plan_type text, plan_name text, features jsonb, limits jsonb, commission_rate numeric)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_plan public.subscription_plans;
begin
  if v_user is null then
    raise exception 'Sign in to change your plan.' using errcode = '42501';
  end if;
  select * into v_plan from public.subscription_plans p where p.type = p_plan and p.is_active;
  if v_plan.type is null then
    raise exception 'There is no plan called %.', coalesce(p_plan, 'that') using errcode = '22023';
  end if;
  if v_plan.type <> 'free' and (select public.account_type_of(v_user)) <> 'professional' then
    raise exception 'The % plan is for professional accounts.', v_plan.name using errcode = '42501';
  end if;
  if v_plan.price_monthly > 0 then
    -- no card payments are taken yet, so a paid plan cannot be chosen here.
    raise exception 'The % plan needs a card payment, which ProMatch does not take yet.', v_plan.name
      using errcode = '22023';
  end if;
  insert into public.user_subscriptions (user_id, plan_type, status, started_at)
  values (v_user, v_plan.type, 'active', now())
  on conflict (user_id) do update
    set plan_type = excluded.plan_type, status = 'active', started_at = now();
  return query select v_plan.type, v_plan.name, v_plan.features, v_plan.limits, v_plan.commission_rate;
end;
$$;
comment on function public.change_my_plan(text) is
  'Moves the caller to another active plan at once (upgrade or downgrade). Pro is for professionals; plans with a monthly price are refused while no card payments are taken. Usage already counted this month stays counted.';

-- grants ----------------------------------------------------------------------------------------

revoke all on function public.plan_of(uuid), public.usage_this_month(uuid, text),
  public.feature_access_of(uuid, text, text), public.has_feature_access(text, text),
  public.change_my_plan(text) from public, anon, authenticated;
grant execute on function public.plan_of(uuid), public.usage_this_month(uuid, text),
  public.feature_access_of(uuid, text, text), public.has_feature_access(text, text),
  public.change_my_plan(text) to service_role;
grant execute on function public.has_feature_access(text, text), public.change_my_plan(text) to authenticated;
