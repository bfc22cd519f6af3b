-- the user's own analytics and a business's hiring figures, aggregated in the database so each page
-- needs one call (docs/decisions/0101-workspace-insights.md).
--
-- what was already recorded: profile views and search appearances (profile_stats_daily), messages,
-- proposals (project_applications), appointments and projects with published_at. what was missing:
-- when a project hired. projects.hired_at is stamped when a proposal is accepted, so "time from
-- posting to hire" is a fact rather than a guess from updated_at.

alter table public.projects add column if not exists hired_at timestamptz;
comment on column public.projects.hired_at is
  'When a proposal was accepted and the project hired (hired_professional_id set). Stamped by the database; clients cannot set it.';
create index if not exists projects_hired_at_idx on public.projects (hired_at) where hired_at is not null;
create index if not exists projects_owner_hired_at_idx on public.projects (owner_id, hired_at) where hired_at is not null;

create or replace function public.stamp_project_hired_at()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_trusted boolean := current_user not in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    if not v_trusted or new.hired_professional_id is null then
      new.hired_at := null;
    elsif new.hired_at is null then
      new.hired_at := now();
    end if;
    return new;
  end if;
  if new.hired_professional_id is distinct from old.hired_professional_id then
    -- hire_on_acceptance (trusted) sets the professional; stamp the moment unless the service role gave one.
    if new.hired_professional_id is null then
      new.hired_at := null;
    elsif not v_trusted or new.hired_at is not distinct from old.hired_at then
      new.hired_at := now();
    end if;
  elsif not v_trusted then
    new.hired_at := old.hired_at;
  end if;
  return new;
end;
$$;
comment on function public.stamp_project_hired_at() is
  'Trigger: keeps projects.hired_at the moment the project hired (its hired_professional_id set); signed-in callers cannot write it, the service role may (seeding).';

-- after projects_guard_lifecycle (triggers of one event fire in name order)
drop trigger if exists projects_stamp_hired_at on public.projects;
create trigger projects_stamp_hired_at
  before insert or update on public.projects
  for each row execute function public.stamp_project_hired_at();

-- projects hired before this migration: the accepted proposal's last change is when it was accepted.
update public.projects p
set hired_at = coalesce(
  (select max(a.updated_at) from public.project_applications a
   where a.project_id = p.id and a.status = 'accepted'),
  p.updated_at)
where p.hired_professional_id is not null and p.hired_at is null;

create index if not exists appointments_business_created_idx on public.appointments (business_id, created_at);
create index if not exists appointments_professional_created_idx on public.appointments (professional_id, created_at);
create index if not exists conversations_participant_1_idx on public.conversations (participant_1);

-- the user's analytics ---------------------------------------------------------------------------

create or replace function public.my_analytics(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_type text;
  v_lo timestamptz;
  v_hi timestamptz;
  v_days jsonb;
  v_totals jsonb;
begin
  if v_uid is null then
    raise exception 'Sign in to see your analytics.' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_from > p_to then
    raise exception 'Choose a start date on or before the end date.' using errcode = '22023';
  end if;
  if p_to - p_from > 366 then
    raise exception 'Choose a range of at most 366 days.' using errcode = '22023';
  end if;
  select p.account_type into v_type from public.profiles p where p.id = v_uid;
  v_lo := p_from::timestamp at time zone 'utc';
  v_hi := (p_to + 1)::timestamp at time zone 'utc';


  with convs as (
    select c.id from public.conversations c where c.participant_1 = v_uid
    union all
    select c.id from public.conversations c where c.participant_2 = v_uid
  ),
  -- a turn: a text message from the other person that follows one of the caller's (or opens the
  -- conversation). It is answered by the caller's next text message in that conversation.
  ordered as (
    select m.conversation_id, m.sender_id, m.created_at,
      lag(m.sender_id) over (partition by m.conversation_id order by m.created_at, m.id) as prev_sender
    from public.messages m
    join convs c on c.id = m.conversation_id
    where m.kind = 'text' and m.created_at < v_hi
  ),
  turns as (
    select (o.created_at at time zone 'utc')::date as day,
      r.answered_at is not null as replied,
      extract(epoch from (r.answered_at - o.created_at)) / 60.0 as minutes
    from ordered o
    left join lateral (
      select min(m.created_at) as answered_at
      from public.messages m
      where m.conversation_id = o.conversation_id and m.sender_id = v_uid
        and m.kind = 'text' and m.created_at > o.created_at
    ) r on true
    where o.sender_id <> v_uid and o.created_at >= v_lo
      and o.prev_sender is distinct from o.sender_id
  ),
  days as (
    select d::date as day from generate_series(p_from, p_to, interval '1 day') d
  ),
  stats as (
    select s.day, s.views, s.search_appearances
    from public.profile_stats_daily s
    where s.professional_id = v_uid and s.day between p_from and p_to
  ),
  sent as (
    select (m.created_at at time zone 'utc')::date as day, count(*) as n
    from public.messages m
    where m.sender_id = v_uid and m.kind = 'text' and m.created_at >= v_lo and m.created_at < v_hi
    group by 1
  ),
  received as (
    select (m.created_at at time zone 'utc')::date as day, count(*) as n
    from public.messages m
    join convs c on c.id = m.conversation_id
    where m.sender_id <> v_uid and m.kind = 'text' and m.created_at >= v_lo and m.created_at < v_hi
    group by 1
  ),
  -- proposals a professional sent, or a business received on its projects, by the day they came
  props as (
    select (a.created_at at time zone 'utc')::date as day,
      count(*) as n,
      count(*) filter (where a.status = 'accepted') as accepted,
      count(*) filter (where a.status = 'declined') as declined,
      count(*) filter (where a.status = 'withdrawn') as withdrawn
    from public.project_applications a
    where a.created_at >= v_lo and a.created_at < v_hi
      and (
        (v_type = 'professional' and a.professional_id = v_uid)
        or (v_type = 'business' and a.project_id in (select p.id from public.projects p where p.owner_id = v_uid))
      )
    group by 1
  ),
  bookings as (
    select (a.created_at at time zone 'utc')::date as day, count(*) as n
    from public.appointments a
    where (a.business_id = v_uid or a.professional_id = v_uid)
      and a.created_at >= v_lo and a.created_at < v_hi
    group by 1
  ),
  turn_days as (
    select t.day, count(*) as turns, count(*) filter (where t.replied) as replies,
      percentile_cont(0.5) within group (order by t.minutes) filter (where t.replied) as median_minutes
    from turns t
    group by 1
  ),
  responses as (
    select jsonb_build_object(
      'turns', count(*),
      'answered', count(*) filter (where t.replied),
      'response_rate', case when count(*) = 0 then null
        else round(100.0 * count(*) filter (where t.replied) / count(*), 1) end,
      'median_response_minutes',
        round((percentile_cont(0.5) within group (order by t.minutes) filter (where t.replied))::numeric, 1)
    ) as j
    from turns t
  )
  select (select r.j from responses r), coalesce(jsonb_agg(jsonb_build_object(
    'day', d.day,
    'profile_views', coalesce(s.views, 0),
    'search_appearances', coalesce(s.search_appearances, 0),
    'messages_sent', coalesce(se.n, 0),
    'messages_received', coalesce(re.n, 0),
    'conversations_to_answer', coalesce(td.turns, 0),
    'answered', coalesce(td.replies, 0),
    'median_response_minutes', round(td.median_minutes::numeric, 1),
    'proposals', coalesce(pr.n, 0),
    'proposals_accepted', coalesce(pr.accepted, 0),
    'proposals_declined', coalesce(pr.declined, 0),
    'proposals_withdrawn', coalesce(pr.withdrawn, 0),
    'bookings', coalesce(b.n, 0)
  ) order by d.day), '[]'::jsonb)
  into v_totals, v_days
  from days d
  left join stats s on s.day = d.day
  left join sent se on se.day = d.day
  left join received re on re.day = d.day
  left join props pr on pr.day = d.day
  left join bookings b on b.day = d.day
  left join turn_days td on td.day = d.day;


  return jsonb_build_object('account_type', v_type, 'days', v_days, 'responses', v_totals);
end;
$$;
comment on function public.my_analytics(date, date) is
  'Analytics dashboard: the caller''s own figures per UTC day from p_from to p_to (at most 366 days): profile views and search appearances (professionals), text messages sent and received, messages to answer and answered with the median minutes to answer, proposals (sent by a professional, received by a business) with their outcomes, and appointments booked; plus the response rate and median response time over the range. Only ever the caller''s figures.';

revoke all on function public.my_analytics(date, date) from public, anon;
grant execute on function public.my_analytics(date, date) to authenticated, service_role;

-- a business's hiring figures ----------------------------------------------------------------------

create or replace function public.business_insights(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_lo timestamptz;
  v_hi timestamptz;
  v_months jsonb;
  v_categories jsonb;
  v_hires jsonb;
  v_totals jsonb;
begin
  if v_uid is null or (select public.account_type_of(v_uid)) is distinct from 'business' then
    raise exception 'Business intelligence is for business accounts.' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_from > p_to then
    raise exception 'Choose a start date on or before the end date.' using errcode = '22023';
  end if;
  if p_to - p_from > 731 then
    raise exception 'Choose a range of at most two years.' using errcode = '22023';
  end if;
  v_lo := p_from::timestamp at time zone 'utc';
  v_hi := (p_to + 1)::timestamp at time zone 'utc';

  -- every hire in the range across the marketplace (for the medians), with its accepted rate
  with hires as materialized (
    select p.id as project_id, p.owner_id, p.title, p.category, p.budget_type, a.proposed_rate as rate,
      p.published_at, p.hired_at, p.hired_professional_id
    from public.projects p
    left join public.project_applications a
      on a.project_id = p.id and a.professional_id = p.hired_professional_id and a.status = 'accepted'
    where p.hired_at >= v_lo and p.hired_at < v_hi
  ),
  mine_all as materialized (
    select h.* from hires h where h.owner_id = v_uid
  ),
  months as (
    select m::date as month
    from generate_series(date_trunc('month', p_from::timestamp), p_to::timestamp, interval '1 month') m
  ),
  posted as (
    select date_trunc('month', p.published_at at time zone 'utc')::date as month, count(*) as n
    from public.projects p
    where p.owner_id = v_uid and p.published_at >= v_lo and p.published_at < v_hi
    group by 1
  ),
  mine_month as (
    select date_trunc('month', h.hired_at at time zone 'utc')::date as month,
      count(*) as hires,
      coalesce(sum(h.rate) filter (where h.budget_type = 'fixed'), 0) as spend,
      percentile_cont(0.5) within group (
        order by extract(epoch from (h.hired_at - h.published_at)) / 86400.0
      ) filter (where h.published_at is not null) as days_to_hire,
      percentile_cont(0.5) within group (order by h.rate)
        filter (where h.budget_type = 'day' and h.rate is not null) as day_rate
    from mine_all h
    group by 1
  ),
  market_month as (
    select date_trunc('month', h.hired_at at time zone 'utc')::date as month,
      count(*) filter (where h.budget_type = 'day' and h.rate is not null) as rated,
      percentile_cont(0.5) within group (order by h.rate)
        filter (where h.budget_type = 'day' and h.rate is not null) as day_rate
    from hires h
    group by 1
  ),
  mine_category as (
    select h.category, count(*) as hires,
      coalesce(sum(h.rate) filter (where h.budget_type = 'fixed'), 0) as spend,
      percentile_cont(0.5) within group (order by h.rate)
        filter (where h.budget_type = 'day' and h.rate is not null) as day_rate
    from mine_all h group by 1
  ),
  market_category as (
    select h.category,
      count(*) filter (where h.budget_type = 'day' and h.rate is not null) as rated,
      percentile_cont(0.5) within group (order by h.rate)
        filter (where h.budget_type = 'day' and h.rate is not null) as day_rate
    from hires h group by 1
  )
  select
    (select coalesce(jsonb_agg(jsonb_build_object(
      'month', mo.month,
      'projects_posted', coalesce(po.n, 0),
      'hires', coalesce(mi.hires, 0),
      'spend_committed', coalesce(mi.spend, 0),
      'median_days_to_hire', round(mi.days_to_hire::numeric, 1),
      'median_day_rate', round(mi.day_rate::numeric),
      -- at least three day-rate hires, so the median is never one business's own rate
      'market_median_day_rate', case when mk.rated >= 3 then round(mk.day_rate::numeric) end
    ) order by mo.month), '[]'::jsonb)
    from months mo
    left join posted po on po.month = mo.month
    left join mine_month mi on mi.month = mo.month
    left join market_month mk on mk.month = mo.month),
    (select coalesce(jsonb_agg(jsonb_build_object(
      'category', mi.category,
      'hires', mi.hires,
      'spend_committed', mi.spend,
      'median_day_rate', round(mi.day_rate::numeric),
      'market_median_day_rate', case when mk.rated >= 3 then round(mk.day_rate::numeric) end
    ) order by mi.hires desc, mi.category), '[]'::jsonb)
    from mine_category mi
    left join market_category mk on mk.category is not distinct from mi.category),
    (select coalesce(jsonb_agg(jsonb_build_object(
      'project_id', h.project_id,
      'title', h.title,
      'category', h.category,
      'budget_type', h.budget_type,
      'rate', h.rate,
      'professional_name', pf.name,
      'published_at', h.published_at,
      'hired_at', h.hired_at,
      'days_to_hire', round((extract(epoch from (h.hired_at - h.published_at)) / 86400.0)::numeric, 1)
    ) order by h.hired_at desc), '[]'::jsonb)
    from mine_all h left join public.profiles pf on pf.id = h.hired_professional_id),
    (select jsonb_build_object(
      'projects_posted', (select coalesce(sum(po.n), 0) from posted po),
      'hires', count(*),
      'spend_committed', coalesce(sum(h.rate) filter (where h.budget_type = 'fixed'), 0),
      'median_days_to_hire', round((percentile_cont(0.5) within group (
        order by extract(epoch from (h.hired_at - h.published_at)) / 86400.0
      ) filter (where h.published_at is not null))::numeric, 1)
    ) from mine_all h)
  into v_months, v_categories, v_hires, v_totals;

  return jsonb_build_object('months', v_months, 'categories', v_categories, 'hires', v_hires, 'totals', v_totals);
end;
$$;
comment on function public.business_insights(date, date) is
  'Business intelligence for the calling business from p_from to p_to (at most two years, UTC): per month projects posted, hires, fixed-price spend committed (accepted fixed prices), median days from publishing to hire and median accepted day rate beside the marketplace median (shown only with at least three day-rate hires); the same per category; and the list of hires. Other accounts are refused.';

revoke all on function public.business_insights(date, date) from public, anon;
grant execute on function public.business_insights(date, date) to authenticated, service_role;

revoke all on function public.stamp_project_hired_at() from public, anon, authenticated;
grant execute on function public.stamp_project_hired_at() to service_role;
