-- "Projects for you" on the dashboard overview was its slowest query (about 265 ms on PGlite with
-- 2,000 open projects): as a security invoker function it ran the projects_select policy for
-- every open project, and that policy calls has_applied(id) (a function call and a lookup) per
-- row before the category and skills filter could narrow anything. this version is security
-- definer and states the professional's visibility rule itself, the same one projects_select
-- applies to a professional reading an open project: published, and either the early-access
-- window (early_access_hours()) is over or their plan has early_project_access, or they already
-- sent a proposal. it reads their applications once, lower-cases their skills once, and returns
-- only the public card columns it returned before. docs/benchmarks.md (dashboard overview).

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
      coalesce(array(select lower(x) from unnest(p.skills) x), '{}') as skills,
      public.feature_access_of(p.id, 'early_project_access', null) as early
    from public.profiles p
    where p.id = (select auth.uid()) and p.account_type = 'professional'
  ),
  mine as (
    select a.project_id from public.project_applications a, me where a.professional_id = me.id
  ),
  fitting as (
    select j.id, j.title, j.category, j.skills, j.budget_min, j.budget_max, j.location, j.remote,
      j.created_at, coalesce(j.category = any (me.categories), false) as in_category,
      (select count(*)::integer from unnest(j.skills) s where lower(s) = any (me.skills)) as matched_skills
    from public.projects j, me
    where j.status = 'open'
      and j.published_at is not null
      and (me.early
        or j.published_at <= now() - make_interval(hours => public.early_access_hours())
        or j.id in (select m.project_id from mine m))
  )
  select f.id, f.title, f.category, f.skills, f.budget_min, f.budget_max, f.location, f.remote,
    f.created_at, f.matched_skills, f.id in (select m.project_id from mine m) as applied
  from fitting f
  where f.in_category or f.matched_skills > 0
  order by f.in_category desc, f.matched_skills desc, f.created_at desc
  limit least(greatest(coalesce(max_rows, 5), 1), 20);
$$;
comment on function public.dashboard_matching_projects(integer) is
  'Open projects that fit the calling professional and that they may see (published; after the early-access window unless their plan has early access, or already applied to): in one of their categories or asking for one of their skills (case-insensitive), best fit and newest first, with whether they already applied. Security definer with the visibility rule stated in the query (see the migration for why); nothing for other callers.';
revoke all on function public.dashboard_matching_projects(integer) from public, anon, authenticated;
grant execute on function public.dashboard_matching_projects(integer) to authenticated, service_role;
