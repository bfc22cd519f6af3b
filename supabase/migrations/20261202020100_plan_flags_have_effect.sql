-- every plan flag does what it says (decision 0168). featured_profile, profile_verification_badge,
-- unlimited_applications and early_project_access already had effects; this gives the other four
-- theirs, in the database, with the same rule the apps use (feature_access_of):
--   profile_creation      a professional edits their public profile (title, about, skills, rates...)
--   basic_analytics       my_analytics and my_profile_activity answer at all
--   advanced_analytics    my_analytics includes the response figures (rate, median time, turns)
--   identity_verification a professional may ask staff to verify their identity with documents

-- analytics: the figures are computed as before; my_analytics answers what the plan includes ----

alter function public.my_analytics(date, date) rename to analytics_figures;
revoke all on function public.analytics_figures(date, date) from public, anon, authenticated;
grant execute on function public.analytics_figures(date, date) to service_role;
comment on function public.analytics_figures(date, date) is
  'Internal: every analytics figure of the caller (auth.uid()) per UTC day from p_from to p_to (at most 366 days): profile views and search appearances, text messages sent and received, turns to answer, answered and the median minutes to answer, proposals with their outcomes, bookings; plus response totals. my_analytics returns what the caller''s plan includes.';

create or replace function public.my_analytics(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_all jsonb;
begin
  if v_uid is null then
    raise exception 'Sign in to see your analytics.' using errcode = '42501';
  end if;
  if not public.feature_access_of(v_uid, 'basic_analytics') then
    raise exception 'Analytics are not included in your plan.' using errcode = '42501',
      hint = 'feature_off:basic_analytics';
  end if;
  v_all := public.analytics_figures(p_from, p_to);
  if public.feature_access_of(v_uid, 'advanced_analytics') then
    return v_all || jsonb_build_object('advanced', true);
  end if;
  -- basic: the counts; the response figures (who answers how fast) are the advanced part.
  return jsonb_build_object(
    'account_type', v_all -> 'account_type',
    'advanced', false,
    'responses', null,
    'days', coalesce((
      select jsonb_agg(d.value - 'conversations_to_answer' - 'answered' - 'median_response_minutes'
        order by d.ordinality)
      from jsonb_array_elements(v_all -> 'days') with ordinality d
    ), '[]'::jsonb)
  );
end;
$$;
comment on function public.my_analytics(date, date) is
  'Analytics dashboard, as the caller''s plan allows: refused without basic_analytics; with it, the caller''s own counts per UTC day from p_from to p_to (at most 366 days: profile views, search appearances, messages sent and received, proposals and outcomes, bookings); with advanced_analytics also the response figures (turns to answer, answered, median minutes to answer, response rate). advanced says which was answered.';
revoke all on function public.my_analytics(date, date) from public, anon;
grant execute on function public.my_analytics(date, date) to authenticated, service_role;

create or replace function public.my_profile_activity(days integer default 30)
returns table (views bigint, search_appearances bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
begin
  if v_uid is null then
    raise exception 'Sign in to see your profile activity.' using errcode = '42501';
  end if;
  if not public.feature_access_of(v_uid, 'basic_analytics') then
    raise exception 'Analytics are not included in your plan.' using errcode = '42501',
      hint = 'feature_off:basic_analytics';
  end if;
  return query
    select coalesce(sum(s.views), 0)::bigint, coalesce(sum(s.search_appearances), 0)::bigint
    from public.profile_stats_daily s
    where s.professional_id = v_uid
      and s.day > (now() at time zone 'utc')::date - least(greatest(coalesce(days, 30), 1), 366);
end;
$$;
comment on function public.my_profile_activity(integer) is
  'The caller''s profile views and search appearances over the last `days` days (today included); refused when the caller''s plan has no basic_analytics.';
revoke all on function public.my_profile_activity(integer) from public, anon;
grant execute on function public.my_profile_activity(integer) to authenticated, service_role;

-- identity verification: a perk of the plans whose flag says so -----------------------------------

drop policy if exists verification_requests_insert on public.verification_requests;
create policy verification_requests_insert on public.verification_requests
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and status = 'pending'
    and decision_note is null
    and reviewed_by is null
    and reviewed_at is null
    and (select public.evidence_paths_are_own(verification_requests.evidence_paths))
    and exists (
      select 1 from public.profiles p
      where p.id = (select auth.uid()) and p.account_type = 'professional' and not p.verified
    )
    and (select public.has_feature_access('identity_verification'))
  );
comment on policy verification_requests_insert on public.verification_requests is
  'A professional not yet verified, on a plan with identity_verification, asks staff to verify them with documents from their own folder; the request starts pending with no decision.';

-- profile creation: a professional's public profile is edited only on a plan that includes it ------

create or replace function public.profiles_require_profile_creation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is distinct from new.id or new.account_type <> 'professional' then
    return new;
  end if;
  if (new.title, new.description, new.location, new.skills, new.categories, new.hourly_rate_min,
      new.hourly_rate_max, new.works_remotely, new.availability)
     is not distinct from
     (old.title, old.description, old.location, old.skills, old.categories, old.hourly_rate_min,
      old.hourly_rate_max, old.works_remotely, old.availability) then
    return new;
  end if;
  if not public.feature_access_of(new.id, 'profile_creation') then
    raise exception 'Your plan does not include a public profile, so it cannot be edited.'
      using errcode = '42501', hint = 'feature_off:profile_creation';
  end if;
  return new;
end;
$$;
comment on function public.profiles_require_profile_creation() is
  'Trigger: a professional changing their public profile (title, about, location, skills, categories, rates, remote work, availability) needs profile_creation on their plan.';
revoke all on function public.profiles_require_profile_creation() from public, anon, authenticated;
grant execute on function public.profiles_require_profile_creation() to service_role;

drop trigger if exists profiles_require_profile_creation on public.profiles;
create trigger profiles_require_profile_creation
  before update on public.profiles
  for each row execute function public.profiles_require_profile_creation();
