-- rules the database enforces (decision 0151): staff areas hold in row-level security too. The
-- portal's areas were checked by the admin functions, but these policies still opened on
-- is_admin() (any active staff row), so an admin whose only area was the inbox could change any
-- user's plan, edit any profile, delete any project and read draft projects and proposals
-- through /rest/v1. Each policy now names the area its rows belong to:
--   users       profiles (other people's, suspended ones included), subscription usage, plans
--               held by users (read)
--   moderation  projects (drafts included), proposals, reviews
--   analytics   analytics events, user analytics, profile statistics, matching internals
--   super admin changing a user's plan (plans are the BMS area) and inactive plans
-- admin_users stays readable by every active admin: the inbox assigns messages to colleagues.
-- The expressions are rewritten from the catalog so the rest of each rule stays as it was.

do $$
declare
  v_rule record;
  v_policy record;
  v_using text;
  v_check text;
begin
  for v_rule in
    select * from (values
      ('analytics_events', 'analytics_events_select', 'admin_has_permission(''analytics''::text)'),
      ('pending_match_notifications', 'pending_match_notifications_admin_select', 'admin_has_permission(''analytics''::text)'),
      ('profile_embeddings', 'profile_embeddings_admin_select', 'admin_has_permission(''analytics''::text)'),
      ('project_embeddings', 'project_embeddings_admin_select', 'admin_has_permission(''analytics''::text)'),
      ('profile_stats_daily', 'profile_stats_daily_select', 'admin_has_permission(''analytics''::text)'),
      ('user_analytics', 'user_analytics_select', 'admin_has_permission(''analytics''::text)'),
      ('profiles', 'profiles_select_authenticated', 'admin_has_permission(''users''::text)'),
      ('profiles', 'profiles_update', 'admin_has_permission(''users''::text)'),
      ('subscription_usage', 'subscription_usage_select', 'admin_has_permission(''users''::text)'),
      ('user_subscriptions', 'user_subscriptions_select', 'admin_has_permission(''users''::text)'),
      ('user_subscriptions', 'user_subscriptions_insert', 'is_super_admin()'),
      ('user_subscriptions', 'user_subscriptions_update', 'is_super_admin()'),
      ('subscription_plans', 'subscription_plans_select', 'is_super_admin()'),
      ('projects', 'projects_select', 'admin_has_permission(''moderation''::text)'),
      ('projects', 'projects_update', 'admin_has_permission(''moderation''::text)'),
      ('projects', 'projects_delete', 'admin_has_permission(''moderation''::text)'),
      ('project_applications', 'project_applications_select', 'admin_has_permission(''moderation''::text)'),
      ('reviews', 'reviews_delete', 'admin_has_permission(''moderation''::text)')
    ) as r(tbl, pol, guard)
  loop
    select p.qual, p.with_check into v_policy
      from pg_policies p
      where p.schemaname = 'public' and p.tablename = v_rule.tbl and p.policyname = v_rule.pol;
    if not found then
      raise exception 'policy % on % not found', v_rule.pol, v_rule.tbl;
    end if;
    v_using := replace(v_policy.qual, 'is_admin()', v_rule.guard);
    v_check := replace(v_policy.with_check, 'is_admin()', v_rule.guard);
    if v_using is not null then
      execute format('alter policy %I on public.%I using (%s)', v_rule.pol, v_rule.tbl, v_using);
    end if;
    if v_check is not null then
      execute format('alter policy %I on public.%I with check (%s)', v_rule.pol, v_rule.tbl, v_check);
    end if;
  end loop;
end;
$$;

comment on policy profiles_update on public.profiles is
  'Users edit their own profile; staff with the users area edit others'' (guard_profile_update limits the columns).';
comment on policy projects_delete on public.projects is
  'Owners delete their projects; staff with the moderation area remove any.';
comment on policy user_subscriptions_update on public.user_subscriptions is
  'Only super admins change a user''s plan directly; users change their own through change_my_plan.';

create or replace function public.get_user_subscription_plan(user_uuid uuid)
returns table(plan_type text, plan_name text, features jsonb, limits jsonb, commission_rate numeric)
language plpgsql
stable security definer
set search_path = ''
as $function$
begin
  if (select auth.uid()) is null
     or (user_uuid is distinct from (select auth.uid()) and not (select public.admin_has_permission('users'))) then
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
$function$;
