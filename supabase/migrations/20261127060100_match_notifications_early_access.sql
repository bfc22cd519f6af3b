-- match notifications respect early access. a professional whose plan has early_project_access
-- sees a new project at once; everyone else sees it early_access_hours() later (the one setting,
-- migration 20261124120100). until now every strong match was told at publication, so a free
-- professional was sent to a project they could not open yet. now a strong match who cannot see
-- the project yet is queued in pending_match_notifications with the moment it becomes visible to
-- them, and release_project_match_notifications() (run by the backend's match-notifications
-- job every minute) writes the notification then. docs/decisions/0115.

create table if not exists public.pending_match_notifications (
  user_id uuid not null references public.profiles (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  release_at timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (user_id, project_id)
);
create index if not exists pending_match_notifications_release_idx
  on public.pending_match_notifications (release_at);
comment on table public.pending_match_notifications is
  'Strong matches of a published project who may not see it yet (no early access): their project_match notification is written at release_at, when the project becomes visible to them. Written and emptied by security definer functions; admins may read.';
comment on column public.pending_match_notifications.release_at is
  'When the project becomes visible to this professional: published_at plus early_access_hours().';

alter table public.pending_match_notifications enable row level security;
drop policy if exists pending_match_notifications_admin_select on public.pending_match_notifications;
create policy pending_match_notifications_admin_select on public.pending_match_notifications
  for select to authenticated using ((select public.is_admin()));
comment on policy pending_match_notifications_admin_select on public.pending_match_notifications is
  'Admins may inspect the queue; a professional must not learn of a project before it is visible to them, so nobody else reads it, and only the database writes it.';
revoke all on public.pending_match_notifications from anon;

create or replace function public.notify_project_matches(p_project uuid)
returns integer
language plpgsql
volatile
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

  -- those who may see the project now (early access, or the window is over) are told now
  insert into public.notifications (user_id, kind, title, body, link, project_id)
  select s.user_id, 'project_match',
    left('A new project matches your profile', 200),
    left(format('"%s" was just published and fits your skills and experience.', v_project.title), 1000),
    '/projects/' || v_project.id::text,
    v_project.id
  from unnest(v_strong) as s(user_id)
  where (v_visible_to_all <= now() or public.feature_access_of(s.user_id, 'early_project_access', null))
    and public.notification_wanted(s.user_id, 'matches', 'in_app')
  on conflict (user_id, project_id, kind) where project_id is not null do nothing;
  get diagnostics v_count = row_count;

  -- the rest wait until the project becomes visible to them
  insert into public.pending_match_notifications (user_id, project_id, release_at)
  select s.user_id, v_project.id, v_visible_to_all
  from unnest(v_strong) as s(user_id)
  where v_visible_to_all > now()
    and not public.feature_access_of(s.user_id, 'early_project_access', null)
  on conflict (user_id, project_id) do update set release_at = excluded.release_at;
  return v_count;
end;
$$;
comment on function public.notify_project_matches(uuid) is
  'Tells each professional who strongly matches an open project (match_professionals score of at least 60, at most 10 per project) and wants in-app match notifications: at once when they may see it (early access, or the window is over), otherwise queued in pending_match_notifications until it becomes visible to them; once per professional and project. Returns how many were written now. Internal: the projects trigger and the service role.';
revoke all on function public.notify_project_matches(uuid) from public, anon, authenticated;
grant execute on function public.notify_project_matches(uuid) to service_role;

create or replace function public.release_project_match_notifications()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- due: the window is over, or the professional has gained early access since. a project that
  -- is no longer open drops its queue without telling anyone.
  with due as (
    delete from public.pending_match_notifications q
    using public.projects j
    where j.id = q.project_id
      and (q.release_at <= now() or j.status <> 'open'
        or public.feature_access_of(q.user_id, 'early_project_access', null))
    returning q.user_id, j.id as project_id, j.title, j.status
  )
  insert into public.notifications (user_id, kind, title, body, link, project_id)
  select d.user_id, 'project_match',
    left('A new project matches your profile', 200),
    left(format('"%s" is now open to you and fits your skills and experience.', d.title), 1000),
    '/projects/' || d.project_id::text,
    d.project_id
  from due d
  where d.status = 'open' and public.notification_wanted(d.user_id, 'matches', 'in_app')
  on conflict (user_id, project_id, kind) where project_id is not null do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function public.release_project_match_notifications() is
  'Writes the queued project_match notifications whose project has become visible to the professional (release_at passed, or they gained early access), drops those whose project closed meanwhile; idempotent. Returns how many were written. Internal: the backend match-notifications job and the service role.';
revoke all on function public.release_project_match_notifications() from public, anon, authenticated;
grant execute on function public.release_project_match_notifications() to service_role;
