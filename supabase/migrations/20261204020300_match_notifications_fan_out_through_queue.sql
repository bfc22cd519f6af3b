-- Match notifications fan out through the queue, never inside the request that published the
-- project: notify_project_matches (the projects trigger) only writes each strong match into
-- pending_match_notifications, due at once for those who may see the project now and at the end
-- of the early-access window for the others, and wakes the backend's match-notifications job
-- (pg_notify 'match_notifications'). The job releases due rows in batches (for update skip
-- locked, so several instances share the work) until none is left. Publishing costs the same
-- whether a project has ten strong matches or ten thousand.

alter table public.pending_match_notifications
  add column if not exists visible_at_publish boolean not null default false;
comment on column public.pending_match_notifications.visible_at_publish is
  'The professional could see the project when it was published (early access, or the window was over): the notification says it was just published rather than that it is now open to them.';
create index if not exists pending_match_notifications_due_idx
  on public.pending_match_notifications (release_at, user_id, project_id);

create or replace function public.notify_project_matches(p_project uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- a "strong" match: match_professionals scores 0-100; 60 and above means the professional fits
  -- most of what the project asks for (category and skills, and place or rate), not just one
  -- shared word. at most 10 professionals are told about any one project, so a popular category
  -- does not turn publishing into a mass mailing.
  v_threshold constant integer := 60;
  v_max constant integer := 10;
  v_project public.projects%rowtype;
  v_hourly integer;
  v_town text;
  v_embedding real[];
  v_model text;
  v_matches jsonb;
  v_visible_to_all timestamptz;
  v_strong uuid[];
  v_count integer;
begin
  select * into v_project from public.projects p where p.id = p_project;
  if not found or v_project.status <> 'open' or v_project.published_at is null then
    return 0;
  end if;
  -- a budget per hour or per day compares with hourly rates (7.5 hours a day, as HOURS_PER_DAY in
  -- shared/src/matching/parse-budget.ts); a fixed price does not
  v_hourly := case
    when coalesce(v_project.budget_max, 0) <= 0 then null
    when v_project.budget_type = 'hour' then v_project.budget_max
    when v_project.budget_type = 'day' then round(v_project.budget_max / 7.5)::integer
  end;
  v_town := nullif(lower(trim(split_part(coalesce(v_project.location, ''), ',', 1))), '');
  -- the project's own embedding, when the embeddings job has made one (a project published again)
  select e.embedding::real[], e.model into v_embedding, v_model
    from public.project_embeddings e where e.project_id = v_project.id;
  v_matches := public.match_professionals(
    p_categories => case when v_project.category is null then '{}'::text[] else array[v_project.category] end,
    p_skills => v_project.skills,
    p_towns => case when v_town is null then '{}'::text[] else array[v_town] end,
    p_remote => v_project.remote,
    p_budget_hourly => v_hourly,
    p_budget_unit => case when v_project.budget_type in ('hour', 'day') then v_project.budget_type end,
    p_limit => v_max,
    p_embedding => v_embedding,
    p_embedding_model => v_model
  );
  v_visible_to_all := v_project.published_at + make_interval(hours => public.early_access_hours());

  v_strong := array(
    select distinct (m->>'id')::uuid
    from jsonb_array_elements(v_matches->'items') m
    where (m->>'score')::numeric >= v_threshold and (m->>'id')::uuid <> v_project.owner_id);

  -- every strong match is queued: due now for those who may see the project now, at the end of
  -- the window for the others. the job writes the notifications (and checks the preference then).
  insert into public.pending_match_notifications (user_id, project_id, release_at, visible_at_publish)
  select s.user_id, v_project.id, case when x.visible then now() else v_visible_to_all end, x.visible
  from unnest(v_strong) as s(user_id)
  cross join lateral (select v_visible_to_all <= now()
    or public.feature_access_of(s.user_id, 'early_project_access', null) as visible) x
  on conflict (user_id, project_id) do update
    set release_at = excluded.release_at, visible_at_publish = excluded.visible_at_publish;
  get diagnostics v_count = row_count;
  perform pg_notify('match_notifications', v_project.id::text);
  return v_count;
end;
$$;
comment on function public.notify_project_matches(p_project uuid) is
  'Queues each professional who strongly matches an open project (match_professionals score of at least 60, at most 10 per project) in pending_match_notifications: due at once when they may see it (early access, or the window is over), otherwise when it becomes visible to them; wakes the match-notifications job, which writes the notifications. Returns how many were queued. Internal: the projects trigger and the service role.';
revoke execute on function public.notify_project_matches(uuid) from public, anon, authenticated;
grant execute on function public.notify_project_matches(uuid) to service_role;

drop function if exists public.release_project_match_notifications();
create or replace function public.release_project_match_notifications(p_limit integer default 2000)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_taken integer;
begin
  -- due: the window is over, or the professional has gained early access since. a project that
  -- is no longer open drops its queue without telling anyone. at most p_limit rows per call, so
  -- a large fan-out commits in batches and other instances take the rows this one has locked.
  with picked as (
    select q.user_id, q.project_id
    from public.pending_match_notifications q
    join public.projects j on j.id = q.project_id
    where q.release_at <= now() or j.status <> 'open'
      or public.feature_access_of(q.user_id, 'early_project_access', null)
    order by q.release_at
    limit greatest(1, least(coalesce(p_limit, 2000), 10000))
    for update of q skip locked
  ),
  due as (
    delete from public.pending_match_notifications q
    using picked p, public.projects j
    where q.user_id = p.user_id and q.project_id = p.project_id and j.id = q.project_id
    returning q.user_id, j.id as project_id, j.title, j.status, q.visible_at_publish
  ),
  written as (
    insert into public.notifications (user_id, kind, title, body, link, project_id)
    select d.user_id, 'project_match',
      left('A new project matches your profile', 200),
      left(case when d.visible_at_publish
        then format('"%s" was just published and fits your skills and experience.', d.title)
        else format('"%s" is now open to you and fits your skills and experience.', d.title) end,
        1000),
      '/projects/' || d.project_id::text,
      d.project_id
    from due d
    where d.status = 'open' and public.notification_wanted(d.user_id, 'matches', 'in_app')
    on conflict (user_id, project_id, kind) where project_id is not null do nothing
    returning 1
  )
  select count(*)::integer into v_taken from due;
  return v_taken;
end;
$$;
comment on function public.release_project_match_notifications(integer) is
  'Writes up to p_limit queued project_match notifications whose project is visible to the professional (due at publishing, the window passed, or they gained early access) and drops those whose project closed meanwhile; idempotent, for update skip locked. Returns how many queue rows it took, so the job calls again while that equals the limit. Internal: the backend match-notifications job and the service role.';
revoke execute on function public.release_project_match_notifications(integer) from public, anon, authenticated;
grant execute on function public.release_project_match_notifications(integer) to service_role;
