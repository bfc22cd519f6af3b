-- platform analytics gain two series: calls (messages of kind 'call', one per video call started
-- in a conversation) and matches (project_match notifications, each one a professional told that a
-- newly published project strongly matches them; see 20261126150000_project_match_notifications).
-- the function is otherwise unchanged.

create or replace function public.admin_platform_analytics(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  if not (select public.admin_has_permission('analytics')) then
    raise exception 'No admin privileges' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_from > p_to then
    raise exception 'Choose a start date on or before the end date.' using errcode = '22023';
  end if;
  if p_to - p_from > 366 then
    raise exception 'Choose a range of at most 366 days.' using errcode = '22023';
  end if;
  -- each table is read once over the range and grouped by its utc day
  with days as (
    select d::date as day from generate_series(p_from, p_to, interval '1 day') d
  ),
  bounds as (
    select (p_from::timestamp at time zone 'utc') as lo, ((p_to + 1)::timestamp at time zone 'utc') as hi
  ),
  signups as (
    select (p.created_at at time zone 'utc')::date as day, count(*) as n
    from public.profiles p, bounds b where p.created_at >= b.lo and p.created_at < b.hi group by 1
  ),
  active as (
    select (e."timestamp" at time zone 'utc')::date as day, count(distinct e.user_id) as n
    from public.analytics_events e, bounds b
    where e."timestamp" >= b.lo and e."timestamp" < b.hi and e.user_id is not null group by 1
  ),
  msgs as (
    select (m.created_at at time zone 'utc')::date as day, count(*) as n
    from public.messages m, bounds b where m.created_at >= b.lo and m.created_at < b.hi group by 1
  ),
  appts as (
    select (a.created_at at time zone 'utc')::date as day, count(*) as n
    from public.appointments a, bounds b where a.created_at >= b.lo and a.created_at < b.hi group by 1
  ),
  apps as (
    select (pa.created_at at time zone 'utc')::date as day, count(*) as n
    from public.project_applications pa, bounds b where pa.created_at >= b.lo and pa.created_at < b.hi group by 1
  ),
  projs as (
    select (pr.created_at at time zone 'utc')::date as day, count(*) as n
    from public.projects pr, bounds b where pr.created_at >= b.lo and pr.created_at < b.hi group by 1
  ),
  calls as (
    select (m.created_at at time zone 'utc')::date as day, count(*) as n
    from public.messages m, bounds b
    where m.kind = 'call' and m.created_at >= b.lo and m.created_at < b.hi group by 1
  ),
  matches as (
    select (n.created_at at time zone 'utc')::date as day, count(*) as n
    from public.notifications n, bounds b
    where n.kind = 'project_match' and n.created_at >= b.lo and n.created_at < b.hi group by 1
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'day', d.day,
    'signups', coalesce(s.n, 0),
    'active_users', coalesce(ac.n, 0),
    'messages', coalesce(m.n, 0),
    'appointments', coalesce(ap.n, 0),
    'applications', coalesce(pa.n, 0),
    'projects', coalesce(pr.n, 0),
    'calls', coalesce(c.n, 0),
    'matches', coalesce(mt.n, 0)
  ) order by d.day), '[]'::jsonb)
  into v_result
  from days d
  left join signups s on s.day = d.day
  left join active ac on ac.day = d.day
  left join msgs m on m.day = d.day
  left join appts ap on ap.day = d.day
  left join apps pa on pa.day = d.day
  left join projs pr on pr.day = d.day
  left join calls c on c.day = d.day
  left join matches mt on mt.day = d.day;
  return v_result;
end;
$$;
comment on function public.admin_platform_analytics(date, date) is
  'Analytics area: per day (UTC) from p_from to p_to (at most 366 days): sign-ups, active users (distinct signed-in users with activity events), messages, appointments booked, project applications, projects posted, calls (call messages: video calls started in conversations) and matches (project_match notifications: professionals told that a newly published project strongly matches them).';

revoke all on function public.admin_platform_analytics(date, date) from public, anon;
grant execute on function public.admin_platform_analytics(date, date) to authenticated, service_role;
