-- search_professionals, second version (replaces 20261122041500's). Two changes, both measured on
-- 10,000 professionals (docs/benchmarks.md):
--
-- 1. full-text first; the trigram typo fallback runs only when the query as typed matches
--    nothing. or-ing the two in one predicate defeated both gin indexes (~400 ms on pglite).
--    plan_cache_mode = force_custom_plan lets the optional-filter predicates fold away per call.
-- 2. security definer. as anon, the profiles_select_public policy (account_type =
--    'professional') is a security-barrier qual, and postgres will not use a non-leakproof
--    operator (tsvector @@, pg_trgm <%) as an index condition below it: every signed-out search
--    was a sequential scan (postgresql 15: 160-570 ms for a typo query, 40 ms to learn that a
--    rare word matches nothing). the function restricts itself to account_type = 'professional'
--    and returns only the public card columns, exactly what that policy lets anyone read, so
--    running it as its owner exposes nothing new (decision 0032).

create or replace function public.search_professionals(
  p_query text default null,
  p_categories text[] default null,
  p_location text default null,
  p_rate_min integer default null,
  p_rate_max integer default null,
  p_min_rating numeric default null,
  p_verified_only boolean default false,
  p_availability text default null,
  p_sort text default 'relevance',
  p_page integer default 1,
  p_page_size integer default 12
)
returns jsonb
language plpgsql
stable
security definer
-- custom plans: the optional-filter predicates fold away per call, so the gin indexes are used
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
declare
  v_query text := left(nullif(trim(coalesce(p_query, '')), ''), 200);
  v_tsquery tsquery;
  v_size integer := least(greatest(coalesce(p_page_size, 12), 1), 50);
  v_page integer := greatest(coalesce(p_page, 1), 1);
  v_result jsonb;
  v_fuzzy boolean := false;
begin
  if v_query is not null then
    v_tsquery := websearch_to_tsquery('english'::regconfig, v_query);
    if numnode(v_tsquery) = 0 then
      v_tsquery := null; -- only stop words: no text condition
    elsif not exists (
      select 1 from public.profiles p
      where p.account_type = 'professional' and p.search_vector @@ v_tsquery
    ) then
      -- nothing matches as typed: fall back to trigram word similarity on search_text
      v_fuzzy := true;
      perform set_config('pg_trgm.word_similarity_threshold', '0.45', true);
    end if;
  end if;

  with matched as (
    select p.id, p.rating, p.review_count, p.hourly_rate_min, p.hourly_rate_max,
      case when v_tsquery is null then 0::real
        when v_fuzzy then extensions.word_similarity(lower(v_query), p.search_text)
        else ts_rank_cd(p.search_vector, v_tsquery) end as relevance
    from public.profiles p
    where p.account_type = 'professional'
      and (v_tsquery is null
        or (not v_fuzzy and p.search_vector @@ v_tsquery)
        or (v_fuzzy and lower(v_query) operator(extensions.<%) p.search_text))
      and (p_categories is null or cardinality(p_categories) = 0 or p.categories && p_categories)
      and (nullif(trim(p_location), '') is null or p.location ilike '%' || trim(p_location) || '%')
      and (p_rate_min is null or p.hourly_rate_max >= p_rate_min)
      and (p_rate_max is null or p.hourly_rate_min <= p_rate_max)
      and (p_min_rating is null or p.rating >= p_min_rating)
      and (not coalesce(p_verified_only, false) or p.verified)
      and (nullif(p_availability, '') is null or p.availability = p_availability)
  ),
  page_ids as (
    select m.id, row_number() over () as position
    from (
      select m.id from matched m
      order by
        case when p_sort = 'rating' then m.rating end desc nulls last,
        case when p_sort = 'rate_asc' then m.hourly_rate_min end asc nulls last,
        case when p_sort = 'rate_desc' then m.hourly_rate_max end desc nulls last,
        case when coalesce(p_sort, 'relevance') = 'relevance' then m.relevance end desc,
        m.rating desc, m.review_count desc, m.id
      limit v_size offset (v_page - 1) * v_size
    ) m
  ),
  page as (
    select p.id, p.name, p.title, p.location, p.skills, p.categories, p.hourly_rate_min,
      p.hourly_rate_max, p.rating, p.review_count, p.verified, p.response_time, p.completion_rate,
      p.availability, left(p.description, 280) as description, p.avatar_url, i.position
    from page_ids i join public.profiles p on p.id = i.id
  )
  select jsonb_build_object(
    'total', (select count(*) from matched),
    'page', v_page,
    'page_size', v_size,
    'items', coalesce((select jsonb_agg(to_jsonb(page) - 'position' order by page.position) from page), '[]'::jsonb)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.search_professionals(text, text[], text, integer, integer, numeric, boolean, text, text, integer, integer) is
  'Public professional search: weighted full-text (name and title A, skills B, description C, location D); when nothing matches as typed, trigram word similarity on search_text (typo tolerance). Filters: categories, location, GBP rate range, minimum rating, verified, availability; sort relevance, rating, rate_asc or rate_desc; returns {total, page, page_size, items}. Security definer: reads only professional profiles (the rows profiles_select_public shows anon), so the full-text and trigram indexes are usable.';
