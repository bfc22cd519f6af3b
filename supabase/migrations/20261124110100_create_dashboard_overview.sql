-- the dashboard overview's panels that need more than one table: one function per panel, so each
-- panel loads (and fails) on its own. all are security invoker: the caller's row-level security
-- decides what they see, and each also filters on auth.uid() explicitly.

create index if not exists projects_open_skills_idx on public.projects using gin (skills) where status = 'open';
create index if not exists project_applications_project_idx on public.project_applications (project_id, status);

create or replace function public.dashboard_matching_projects(max_rows integer default 5)
returns table (
  id uuid, title text, category text, skills text[], budget_min integer, budget_max integer,
  location text, remote boolean, created_at timestamptz, matched_skills integer, applied boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  with me as (
    select p.categories, p.skills from public.profiles p
    where p.id = (select auth.uid()) and p.account_type = 'professional'
  )
  select j.id, j.title, j.category, j.skills, j.budget_min, j.budget_max, j.location, j.remote,
    j.created_at,
    (select count(*)::integer from unnest(j.skills) s
      where lower(s) in (select lower(x) from unnest(me.skills) x)) as matched_skills,
    exists (select 1 from public.project_applications a
      where a.project_id = j.id and a.professional_id = (select auth.uid())) as applied
  from public.projects j, me
  where j.status = 'open'
    and (j.category = any (me.categories)
      or exists (select 1 from unnest(j.skills) s where lower(s) in (select lower(x) from unnest(me.skills) x)))
  order by (j.category = any (me.categories)) desc, matched_skills desc, j.created_at desc
  limit least(greatest(coalesce(max_rows, 5), 1), 20);
$$;
comment on function public.dashboard_matching_projects(integer) is
  'Open projects that fit the calling professional: in one of their categories or asking for one of their skills (case-insensitive), best fit and newest first, with whether they already applied.';

create or replace function public.dashboard_business_projects(max_rows integer default 5)
returns table (
  id uuid, title text, status text, created_at timestamptz, proposals integer, shortlisted integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  select j.id, j.title, j.status, j.created_at,
    (select count(*)::integer from public.project_applications a
      where a.project_id = j.id and a.status <> 'withdrawn'),
    (select count(*)::integer from public.project_applications a
      where a.project_id = j.id and a.status = 'shortlisted')
  from public.projects j
  where j.owner_id = (select auth.uid())
  order by (j.status in ('open', 'in_progress', 'draft')) desc, j.created_at desc
  limit least(greatest(coalesce(max_rows, 5), 1), 20);
$$;
comment on function public.dashboard_business_projects(integer) is
  'The calling business''s projects, live ones first, each with its proposal count (withdrawn left out) and shortlist count.';

create or replace function public.dashboard_shortlist(max_rows integer default 5)
returns table (
  application_id uuid, project_id uuid, project_title text, professional_id uuid,
  professional_name text, professional_title text, avatar_url text, proposed_rate integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  select a.id, j.id, j.title, p.id, p.name, p.title, p.avatar_url, a.proposed_rate
  from public.project_applications a
  join public.projects j on j.id = a.project_id
  join public.profiles p on p.id = a.professional_id
  where j.owner_id = (select auth.uid()) and a.status = 'shortlisted'
  order by a.updated_at desc
  limit least(greatest(coalesce(max_rows, 5), 1), 20);
$$;
comment on function public.dashboard_shortlist(integer) is
  'Professionals the calling business has shortlisted on its projects, most recent first.';

revoke all on function public.dashboard_matching_projects(integer), public.dashboard_business_projects(integer),
  public.dashboard_shortlist(integer) from public, anon, authenticated;
grant execute on function public.dashboard_matching_projects(integer), public.dashboard_business_projects(integer),
  public.dashboard_shortlist(integer) to authenticated, service_role;
