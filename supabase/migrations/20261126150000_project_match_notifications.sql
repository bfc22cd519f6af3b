-- in-app notifications to the professionals who strongly match a newly published project.
-- when a project opens (published_at is stamped), a trigger asks match_professionals with the
-- project's own category, skills, place, remote flag and budget (the database-side equivalent of
-- requestForProject in mf-dashboard/src/features/ai-matching/utils/project-request.ts, without
-- parsing the free text) and writes one 'project_match' notification to each strong match who
-- wants in-app match notifications. docs/decisions/0094.

alter table public.notifications drop constraint if exists notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check
  check (kind in ('appointment_reminder_24h', 'appointment_reminder_15m', 'project_match'));
alter table public.notifications
  add column if not exists project_id uuid references public.projects (id) on delete cascade;
comment on column public.notifications.project_id is
  'The project a project_match notification is about (null for other kinds).';
create unique index if not exists notifications_once_per_project
  on public.notifications (user_id, project_id, kind) where project_id is not null;
create index if not exists notifications_project_match_created_idx
  on public.notifications (created_at) where kind = 'project_match';
comment on table public.notifications is
  'A user''s in-app notifications (appointment reminders, strong matches for a newly published project). Written by backend jobs and triggers; the user reads them and marks them read.';

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
  v_matches jsonb;
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
  v_matches := public.match_professionals(
    p_categories => case when v_project.category is null then '{}'::text[] else array[v_project.category] end,
    p_skills => v_project.skills,
    p_towns => case when v_town is null then '{}'::text[] else array[v_town] end,
    p_remote => v_project.remote,
    p_budget_hourly => v_hourly,
    p_budget_unit => case when v_project.budget_type in ('hour', 'day') then v_project.budget_type end,
    p_limit => v_max
  );
  -- early access: everyone strongly matched is told at once, even a professional who may see the
  -- project only after the early-access window (project_visible_to_professionals depends on the
  -- reader's plan, which a trigger running for the business cannot ask for another user). the
  -- notification carries only the title; the project page itself still applies the window.
  insert into public.notifications (user_id, kind, title, body, link, project_id)
  select (m->>'id')::uuid, 'project_match',
    left('A new project matches your profile', 200),
    left(format('"%s" was just published and fits your skills and experience.', v_project.title), 1000),
    '/projects/' || v_project.id::text,
    v_project.id
  from jsonb_array_elements(v_matches->'items') m
  where (m->>'score')::numeric >= v_threshold
    and (m->>'id')::uuid <> v_project.owner_id
    and public.notification_wanted((m->>'id')::uuid, 'matches', 'in_app')
  on conflict (user_id, project_id, kind) where project_id is not null do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function public.notify_project_matches(uuid) is
  'Writes a project_match notification to each professional who strongly matches an open project (match_professionals score of at least 60, at most 10 per project) and wants in-app match notifications; once per professional and project. Returns how many were written. Internal: the projects trigger and the service role.';
revoke all on function public.notify_project_matches(uuid) from public, anon, authenticated;
grant execute on function public.notify_project_matches(uuid) to service_role;

create or replace function public.notify_project_matches_on_publish()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'open' and new.published_at is not null
    and (tg_op = 'INSERT' or old.published_at is distinct from new.published_at) then
    perform public.notify_project_matches(new.id);
  end if;
  return null;
end;
$$;
comment on function public.notify_project_matches_on_publish() is
  'Trigger: when a project is published (opened with a new published_at), tells its strong matches (notify_project_matches).';
revoke all on function public.notify_project_matches_on_publish() from public, anon, authenticated;

drop trigger if exists projects_notify_matches on public.projects;
create trigger projects_notify_matches
  after insert or update of status, published_at on public.projects
  for each row execute function public.notify_project_matches_on_publish();
