-- the public pages' figures tell the truth (decision 0042).
--
-- 1. generated demo accounts carry a marker: app_metadata.demo = true. app_metadata is written
--    only by the server (users cannot change it through auth/v1/user), so a real account can
--    never pass itself off as demo data, nor hide a demo one. the seed sets it; accounts seeded
--    before it existed are recognised by their reserved address domain.
-- 2. marketplace_stats answers what the pages may honestly say: how many demo accounts the
--    listings hold (so the pages can say the listings are demo data), and how many projects were
--    actually completed (projects.status = 'completed'), instead of the average of a profile
--    column the seed fills in.

update auth.users
set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"demo": true}'::jsonb
where email like '%@demo.promatch.local'
  and coalesce(raw_app_meta_data ->> 'demo', '') <> 'true';

create or replace function public.marketplace_private_counts()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'completed_projects', (select count(*) from public.projects pr where pr.status = 'completed'),
    'demo_accounts', (select count(*) from auth.users u where u.raw_app_meta_data ->> 'demo' = 'true')
  );
$$;
comment on function public.marketplace_private_counts() is
  'Two counts the public pages need from tables the visitor may not read: completed projects and generated demo accounts. Security definer, so it returns only these two numbers, never a row.';

create or replace function public.marketplace_stats()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'professionals', count(*),
    'cities', count(distinct nullif(trim(p.location), '')),
    'verified', count(*) filter (where p.verified),
    'average_rating', round(avg(p.rating) filter (where p.review_count > 0), 2),
    'reviews', coalesce(sum(p.review_count), 0),
    'categories', coalesce((
      select jsonb_object_agg(c.slug, c.n)
      from (
        select unnest(q.categories) as slug, count(*) as n
        from public.profiles q where q.account_type = 'professional'
        group by 1
      ) c
    ), '{}'::jsonb)
  ) || public.marketplace_private_counts()
  from public.profiles p
  where p.account_type = 'professional';
$$;
comment on function public.marketplace_stats() is
  'Aggregate figures for the public pages (home stats band and category cards, analytics page): professional count, distinct locations, verified count, average rating of reviewed professionals, review total, professionals per category, completed projects and generated demo accounts. Aggregates only, never personal data.';

revoke all on function public.marketplace_private_counts() from public;
grant execute on function public.marketplace_private_counts() to anon, authenticated, service_role;
revoke all on function public.marketplace_stats() from public;
grant execute on function public.marketplace_stats() to anon, authenticated, service_role;
