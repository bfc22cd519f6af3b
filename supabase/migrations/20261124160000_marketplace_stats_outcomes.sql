-- marketplace_stats, the one source of the public pages' figures, carries both outcome figures:
-- completed projects and the demo-account count (from marketplace_private_counts) and the
-- success rate, completed over hired projects (from marketplace_success_rate). Both were added
-- to the function separately; this definition keeps them together.

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
    'success_rate', public.marketplace_success_rate(),
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
  'Aggregate figures for the public pages (home stats band and category cards, analytics page): professional count, distinct locations, verified count, average rating of reviewed professionals, review total, professionals per category, success rate (completed over hired projects), completed projects and generated demo accounts. Aggregates only, never personal data.';

revoke all on function public.marketplace_stats() from public;
grant execute on function public.marketplace_stats() to anon, authenticated, service_role;
