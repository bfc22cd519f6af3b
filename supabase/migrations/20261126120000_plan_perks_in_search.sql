-- plan perks that show in public: featured placement and the pro badge.
--
-- a professional's plan decides two flags through the feature-access rule (feature_access_of,
-- never the plan's name): featured_profile puts them first among equal results in search and on
-- the home page with a 'Featured' label; profile_verification_badge shows the Pro badge on their
-- card and profile page. visitors cannot read anyone's subscription, and search must not join
-- plans per row (10,000 professionals in its 50 ms budget), so the two answers are kept on the
-- profile, refreshed by triggers whenever a subscription or a plan's flags change.

alter table public.profiles add column if not exists featured boolean not null default false;
alter table public.profiles add column if not exists pro_badge boolean not null default false;
comment on column public.profiles.featured is
  'The professional''s plan has featured_profile on (feature_access_of): listed first among equal search results and labelled Featured. Kept by triggers on user_subscriptions and subscription_plans; users cannot set it.';
comment on column public.profiles.pro_badge is
  'The professional''s plan has profile_verification_badge on (feature_access_of): the Pro badge on their card and profile page. Kept by triggers; users cannot set it.';

create or replace function public.refresh_plan_perks(user_uuid uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- two statements rather than "user_uuid is null or id = user_uuid": one generic plan for both
  -- would scan every profile on each sign-up (quadratic when seeding thousands).
  if user_uuid is not null then
    update public.profiles p
    set featured = v.featured, pro_badge = v.pro_badge
    from (
      select p.account_type = 'professional' and public.feature_access_of(user_uuid, 'featured_profile') as featured,
        p.account_type = 'professional' and public.feature_access_of(user_uuid, 'profile_verification_badge') as pro_badge
      from public.profiles p where p.id = user_uuid
    ) v
    where p.id = user_uuid and (p.featured, p.pro_badge) is distinct from (v.featured, v.pro_badge);
    return;
  end if;
  update public.profiles p
  set featured = v.featured, pro_badge = v.pro_badge
  from (
    select p2.id,
      p2.account_type = 'professional' and public.feature_access_of(p2.id, 'featured_profile') as featured,
      p2.account_type = 'professional' and public.feature_access_of(p2.id, 'profile_verification_badge') as pro_badge
    from public.profiles p2
  ) v
  where p.id = v.id and (p.featured, p.pro_badge) is distinct from (v.featured, v.pro_badge);
end;
$$;
comment on function public.refresh_plan_perks(uuid) is
  'Recomputes profiles.featured and pro_badge from the plan''s flags for one user (null: everyone). Internal: the triggers below call it.';

create or replace function public.user_subscriptions_refresh_perks()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.refresh_plan_perks(case when tg_op = 'DELETE' then old.user_id else new.user_id end);
  return null;
end;
$$;
comment on function public.user_subscriptions_refresh_perks() is
  'Trigger: a subscription was started, changed or ended, so that user''s featured placement and Pro badge follow their plan at once.';

drop trigger if exists user_subscriptions_refresh_perks on public.user_subscriptions;
create trigger user_subscriptions_refresh_perks
  after insert or update or delete on public.user_subscriptions
  for each row execute function public.user_subscriptions_refresh_perks();

create or replace function public.subscription_plans_refresh_perks()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- a plan's flags changed (rare, a super admin's edit): everyone on any plan is rechecked, since
  -- users without an active subscription are on free.
  perform public.refresh_plan_perks(null);
  return null;
end;
$$;
comment on function public.subscription_plans_refresh_perks() is
  'Trigger: a plan''s features changed, so every profile''s featured placement and Pro badge are recomputed.';

drop trigger if exists subscription_plans_refresh_perks on public.subscription_plans;
create trigger subscription_plans_refresh_perks
  after update of features, is_active on public.subscription_plans
  for each row when (old.features is distinct from new.features or old.is_active is distinct from new.is_active)
  execute function public.subscription_plans_refresh_perks();

create or replace function public.profiles_initial_perks()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.featured := new.account_type = 'professional' and public.feature_access_of(new.id, 'featured_profile');
  new.pro_badge := new.account_type = 'professional' and public.feature_access_of(new.id, 'profile_verification_badge');
  return new;
end;
$$;
comment on function public.profiles_initial_perks() is
  'Trigger: a new profile starts with the perks of the plan its user is on (free unless a subscription exists already).';

drop trigger if exists profiles_initial_perks on public.profiles;
create trigger profiles_initial_perks
  before insert on public.profiles
  for each row execute function public.profiles_initial_perks();

create or replace function public.guard_profile_perks()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- the perks follow the plan; nobody sets them through the api, staff included.
  if current_user in ('anon', 'authenticated')
    and (new.featured is distinct from old.featured or new.pro_badge is distinct from old.pro_badge) then
    raise exception 'featured placement and the Pro badge follow the plan and cannot be set directly'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function public.guard_profile_perks() is
  'Trigger: stops anyone setting profiles.featured or pro_badge through the api; only the plan triggers change them.';

drop trigger if exists profiles_guard_perks on public.profiles;
create trigger profiles_guard_perks
  before update of featured, pro_badge on public.profiles
  for each row execute function public.guard_profile_perks();

-- the perks of everyone already here
select public.refresh_plan_perks(null);

-- search_professionals, fourth version (the rest as in 20261124130100): featured professionals
-- come first among results that are equal on the chosen order, sort 'featured' puts them first
-- outright (the home page's featured experts), and each card says featured and pro_badge.
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
    select p.id, p.rating, p.review_count, p.hourly_rate_min, p.hourly_rate_max, p.featured,
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
        case when p_sort = 'featured' then m.featured end desc,
        case when p_sort in ('rating', 'featured') then m.rating end desc nulls last,
        case when p_sort = 'rate_asc' then m.hourly_rate_min end asc nulls last,
        case when p_sort = 'rate_desc' then m.hourly_rate_max end desc nulls last,
        case when coalesce(p_sort, 'relevance') = 'relevance' then m.relevance end desc,
        m.featured desc, m.rating desc, m.review_count desc, m.id
      limit v_size offset (v_page - 1) * v_size
    ) m
  ),
  page as (
    select p.id, p.name, p.title, p.location, p.skills, p.categories, p.hourly_rate_min,
      p.hourly_rate_max, p.rating, p.review_count, p.verified, p.response_time, p.completion_rate,
      p.availability, left(p.description, 280) as description, p.avatar_url, p.featured,
      p.pro_badge, i.position
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
comment on function public.search_professionals(text, text[], text, integer, integer, numeric, boolean, text, text, integer, integer) is
  'Public professional search: weighted full-text (name and title A, skills B, description C, location D); when nothing matches as typed, trigram word similarity on search_text. Filters: categories, location, GBP rate range, minimum rating, verified, availability; sort relevance, rating, rate_asc, rate_desc or featured (featured first, then rating). Featured professionals come first among results equal on the chosen order. Returns {total, page, page_size, items}; items carry featured and pro_badge. Security definer: reads only unsuspended professional profiles.';

revoke all on function public.refresh_plan_perks(uuid), public.user_subscriptions_refresh_perks(),
  public.subscription_plans_refresh_perks(), public.profiles_initial_perks(),
  public.guard_profile_perks() from public, anon, authenticated;
