-- "Projects for you" without scoring every open project. at 1,000,000 professionals and 500,000
-- projects (about 300,000 open, spread over 12 categories and 8 skills by bench/scale-100k.ts) the
-- panel found every open project in the professional's categories or listing one of their skills
-- (the GIN on skills), scored them all and kept five: 1,020 ms p95, growing with the projects.
--
-- candidates are now, per category of the professional, the newest K projects they may see
-- (projects_open_category_created_idx) and, per skill they list, the newest K they may see that
-- list it (project_skill_postings, kept by statement triggers on projects), plus the projects they
-- applied to; those are scored and ordered exactly as before. an older project that fits better
-- than everything in the window (more of their skills, say) is no longer found: below K projects
-- per category and per skill the result is identical, above it the panel is the best fit among the
-- newest. docs/decisions/0238-projects-for-you-recency-window.md says why no exact bound was taken.

-- the window's walk per category, newest first, with what the early-access rule and the score
-- need: the candidates are scored from the index alone, and only the rows shown are read
create index if not exists projects_open_category_created_idx
  on public.projects (category, created_at desc) include (id, published_at, skills)
  where status = 'open' and published_at is not null;

create table if not exists public.project_skill_postings (
  -- no foreign key: the data export walks foreign keys, and this copy is nobody's data; deletes
  -- are a trigger, as for match_skill_postings
  skill text not null,
  id uuid not null,
  created_at timestamptz not null,
  published_at timestamptz not null,
  -- the project's category and skills as written, to score it without reading the project
  category text,
  skills text[] not null,
  primary key (skill, id)
);
alter table public.project_skill_postings enable row level security;
revoke all on public.project_skill_postings from public, anon, authenticated;
comment on table public.project_skill_postings is
  'One row per open, published project and skill it lists (lower case), with its created_at, published_at, category and skills: dashboard_matching_projects takes the newest K a professional may see per skill they list. Copied from projects by the projects_skill_postings_* triggers. No policy: only security definer functions read it.';
-- the window's walk per skill, as projects_open_category_created_idx's per category
create index if not exists project_skill_postings_recent_idx
  on public.project_skill_postings (skill, created_at desc) include (id, published_at, category, skills);
create index if not exists project_skill_postings_id_idx on public.project_skill_postings (id);

-- match_skill_postings' guard (20261205300100): no API role holds a grant, so this refuses nothing
-- today; it keeps a grant added later from opening the table to a session that skipped its
-- second factor (backend/test/security/mfa-aal.test.ts checks every table in public)
drop policy if exists "mfa: aal2 for enrolled users" on public.project_skill_postings;
create policy "mfa: aal2 for enrolled users" on public.project_skill_postings
  as restrictive to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));

create or replace function public.projects_sync_skill_postings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    delete from public.project_skill_postings m using old_rows o where m.id = o.id;
    return null;
  end if;
  -- skills no longer listed, and projects no longer open or published
  delete from public.project_skill_postings m
  using new_rows n
  where m.id = n.id and (n.status <> 'open' or n.published_at is null
    or m.skill <> all(array(select lower(s) from unnest(n.skills) s)));
  insert into public.project_skill_postings as m (skill, id, created_at, published_at, category, skills)
  select distinct on (lower(s), n.id) lower(s), n.id, n.created_at, n.published_at, n.category, n.skills
  from new_rows n cross join lateral unnest(n.skills) s
  where n.status = 'open' and n.published_at is not null
  on conflict (skill, id) do update set created_at = excluded.created_at,
    published_at = excluded.published_at, category = excluded.category, skills = excluded.skills
  where m.created_at is distinct from excluded.created_at
    or m.published_at is distinct from excluded.published_at
    or m.category is distinct from excluded.category or m.skills is distinct from excluded.skills;
  return null;
end;
$$;
comment on function public.projects_sync_skill_postings() is
  'Statement trigger on projects: keeps project_skill_postings (each open, published project''s skills, lower case, with its created_at, published_at, category and skills) in step with the written rows.';
revoke all on function public.projects_sync_skill_postings() from public, anon, authenticated;

drop trigger if exists projects_skill_postings_insert on public.projects;
create trigger projects_skill_postings_insert
  after insert on public.projects
  referencing new table as new_rows
  for each statement execute function public.projects_sync_skill_postings();
drop trigger if exists projects_skill_postings_update on public.projects;
create trigger projects_skill_postings_update
  after update on public.projects
  referencing new table as new_rows
  for each statement execute function public.projects_sync_skill_postings();
drop trigger if exists projects_skill_postings_delete on public.projects;
create trigger projects_skill_postings_delete
  after delete on public.projects
  referencing old table as old_rows
  for each statement execute function public.projects_sync_skill_postings();

insert into public.project_skill_postings (skill, id, created_at, published_at, category, skills)
select distinct on (lower(s), j.id) lower(s), j.id, j.created_at, j.published_at, j.category, j.skills
from public.projects j cross join lateral unnest(j.skills) s
where j.status = 'open' and j.published_at is not null
on conflict (skill, id) do nothing;
analyze public.project_skill_postings;

create or replace function public.dashboard_matching_projects(max_rows integer default 5)
returns table (
  id uuid, title text, category text, skills text[], budget_min integer, budget_max integer,
  location text, remote boolean, created_at timestamptz, matched_skills integer, applied boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  with me as (
    select p.id, p.categories,
      coalesce(array(select distinct lower(x) from unnest(p.skills) x), '{}') as skills,
      -- published at or before this, or at any time with early access
      case when public.feature_access_of(p.id, 'early_project_access', null) then 'infinity'::timestamptz
        else now() - make_interval(hours => public.early_access_hours()) end as visible_until
    from public.profiles p
    where p.id = (select auth.uid()) and p.account_type = 'professional'
  ),
  mine as (
    select a.project_id from public.project_applications a, me where a.professional_id = me.id
  ),
  -- the window, K = 200 per category and per skill (see the migration's head), read from the two
  -- indexes alone, and the open projects they applied to, which they may see at any time
  candidates as (
    select w.id, w.created_at, w.category, w.skills from me cross join unnest(me.categories) c
    cross join lateral (
      select j.id, j.created_at, j.category, j.skills from public.projects j
      where j.category = c and j.status = 'open' and j.published_at is not null
        and j.published_at <= me.visible_until
      order by j.created_at desc limit 200) w
    union all
    select w.id, w.created_at, w.category, w.skills from me cross join unnest(me.skills) s
    cross join lateral (
      select m.id, m.created_at, m.category, m.skills from public.project_skill_postings m
      where m.skill = s and m.published_at <= me.visible_until
      order by m.created_at desc limit 200) w
    union all
    select j.id, j.created_at, j.category, j.skills from mine m
    join public.projects j on j.id = m.project_id
    where j.status = 'open' and j.published_at is not null
  ),
  scored as (
    select distinct on (c.id) c.id, c.created_at,
      coalesce(c.category = any (me.categories), false) as in_category,
      (select count(*)::integer from unnest(c.skills) s where lower(s) = any (me.skills)) as matched_skills
    from candidates c cross join me
    order by c.id
  ),
  best as (
    select s.* from scored s
    where s.in_category or s.matched_skills > 0
    order by s.in_category desc, s.matched_skills desc, s.created_at desc
    limit least(greatest(coalesce(max_rows, 5), 1), 20)
  )
  select j.id, j.title, j.category, j.skills, j.budget_min, j.budget_max, j.location, j.remote,
    j.created_at, b.matched_skills, b.id in (select m.project_id from mine m) as applied
  from best b
  -- only the rows shown are read, one primary-key lookup each (offset 0 keeps the planner from
  -- hashing them against a scan of every project)
  cross join lateral (select p.* from public.projects p where p.id = b.id offset 0) j
  order by b.in_category desc, b.matched_skills desc, b.created_at desc;
$$;
comment on function public.dashboard_matching_projects(integer) is
  'Open projects that fit the calling professional and that they may see (published; after the early-access window unless their plan has early access, or already applied to): in one of their categories or asking for one of their skills (case-insensitive), best fit and newest first, with whether they already applied. Looks at the newest 200 they may see per category (projects_open_category_created_idx) and per skill (project_skill_postings), and at those they applied to (docs/decisions/0238-projects-for-you-recency-window.md). Security definer with the visibility rule stated in the query; nothing for other callers.';
revoke all on function public.dashboard_matching_projects(integer) from public, anon, authenticated;
grant execute on function public.dashboard_matching_projects(integer) to authenticated, service_role;
