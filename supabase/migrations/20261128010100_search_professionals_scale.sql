-- search_professionals, fifth version (the rest as in 20261126120000): the same results and
-- order, with less work per call. measured at 100,000 professionals on postgresql 15
-- (bench/scale-100k.ts, docs/benchmarks.md "Data ten times larger"), the fourth version put every
-- match in one materialised set with its relevance computed, then sorted and counted it, whatever
-- the order asked for: the home page's featured list (no query) sorted all 100,000 (about 340 ms).
-- the statement is now built per call from the filters and order actually given (parameters stay
-- parameters: execute ... using). relevance is computed only when the order is relevance with a
-- query; without a query the page is read in order from one of the partial indexes below and
-- stops after page_size rows, and the total is a plain count. the typo fallback is unchanged
-- (trigram word similarity when nothing matches as typed) and still grows with the number of
-- similar cards: a vocabulary-correction path was measured faster on postgresql but hung pglite
-- again (decision 0025 records the same failure), so it is not used.

create index if not exists profiles_search_featured_order_idx
  on public.profiles (featured desc, rating desc, review_count desc, id)
  where account_type = 'professional' and suspended_at is null;
create index if not exists profiles_search_rating_order_idx
  on public.profiles (rating desc, featured desc, review_count desc, id)
  where account_type = 'professional' and suspended_at is null;
create index if not exists profiles_search_rate_asc_order_idx
  on public.profiles (hourly_rate_min asc nulls last, featured desc, rating desc, review_count desc, id)
  where account_type = 'professional' and suspended_at is null;
create index if not exists profiles_search_rate_desc_order_idx
  on public.profiles (hourly_rate_max desc nulls last, featured desc, rating desc, review_count desc, id)
  where account_type = 'professional' and suspended_at is null;

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
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
declare
  v_query text := left(nullif(trim(coalesce(p_query, '')), ''), 200);
  v_tsquery tsquery;
  v_size integer := least(greatest(coalesce(p_page_size, 12), 1), 50);
  v_page integer := greatest(coalesce(p_page, 1), 1);
  v_fuzzy boolean := false;
  v_location text := nullif(trim(p_location), '');
  v_where text := 'p.account_type = ''professional'' and p.suspended_at is null';
  v_order text;
  v_source text;
  v_total bigint;
  v_items jsonb;
begin
  if v_query is not null then
    v_tsquery := websearch_to_tsquery('english'::regconfig, v_query);
    if numnode(v_tsquery) = 0 then
      v_tsquery := null;
    elsif not exists (
      select 1 from public.profiles p
      where p.account_type = 'professional' and p.suspended_at is null and p.search_vector @@ v_tsquery
    ) then
      perform set_config('pg_trgm.word_similarity_threshold', '0.45', true);
      v_fuzzy := true;
    end if;
  end if;

  -- $1 tsquery, $2 lower-case query, $3 categories, $4 location pattern, $5 rate min,
  -- $6 rate max, $7 minimum rating, $8 availability, $9 limit, $10 offset
  if v_fuzzy then
    v_where := v_where || ' and $2 operator(extensions.<%) p.search_text';
  elsif v_tsquery is not null then
    v_where := v_where || ' and p.search_vector @@ $1';
  end if;
  if cardinality(p_categories) > 0 then v_where := v_where || ' and p.categories && $3'; end if;
  if v_location is not null then v_where := v_where || ' and p.location ilike $4'; end if;
  -- range filters as "is true" (the same rows: a null rate never passed): as plain comparisons
  -- the planner and-ed a bitmap of the rating or rate index, 70,000 entries at 100k, with the
  -- text matches, when checking the few thousand matched rows costs less
  if p_rate_min is not null then v_where := v_where || ' and (p.hourly_rate_max >= $5) is true'; end if;
  if p_rate_max is not null then v_where := v_where || ' and (p.hourly_rate_min <= $6) is true'; end if;
  if p_min_rating is not null then v_where := v_where || ' and (p.rating >= $7) is true'; end if;
  if coalesce(p_verified_only, false) then v_where := v_where || ' and p.verified'; end if;
  if nullif(p_availability, '') is not null then v_where := v_where || ' and p.availability = $8'; end if;

  -- the orders of the fourth version, written as the indexes above store them (rating is never
  -- null, so its "nulls last" there changed nothing; repeated keys are dropped)
  v_order := case
    when p_sort = 'featured' then 'p.featured desc, p.rating desc, p.review_count desc, p.id'
    when p_sort = 'rating' then 'p.rating desc, p.featured desc, p.review_count desc, p.id'
    when p_sort = 'rate_asc' then
      'p.hourly_rate_min asc nulls last, p.featured desc, p.rating desc, p.review_count desc, p.id'
    when p_sort = 'rate_desc' then
      'p.hourly_rate_max desc nulls last, p.featured desc, p.rating desc, p.review_count desc, p.id'
    when coalesce(p_sort, 'relevance') = 'relevance' and v_tsquery is not null then
      'p.relevance desc, p.featured desc, p.rating desc, p.review_count desc, p.id'
    else 'p.featured desc, p.rating desc, p.review_count desc, p.id'
  end;

  -- with a query: one pass over the matches, materialised with the order's columns only (the
  -- relevance only when ordering by it), gives the page and the total. without one: the page is
  -- read from an order index and stops early, and the total is a separate count.
  if v_tsquery is not null then
    v_source := format(
      $sql$
      with matched as materialized (
        select p.id, p.featured, p.rating, p.review_count, p.hourly_rate_min, p.hourly_rate_max,
          %s as relevance
        from public.profiles p where %s
      ),
      hits as (select p.id from matched p order by %s limit $9 offset $10)
      select (select count(*) from matched),
      $sql$,
      case when v_order not like 'p.relevance%' then '0::real'
        when v_fuzzy then 'extensions.word_similarity($2, p.search_text)'
        else 'ts_rank_cd(p.search_vector, $1)' end,
      v_where, v_order);
  else
    v_source := format(
      $sql$
      with hits as (select p.id from public.profiles p where %s order by %s limit $9 offset $10)
      select null::bigint,
      $sql$, v_where, v_order);
  end if;
  execute v_source || $sql$
      coalesce((
        select jsonb_agg(jsonb_build_object(
            'id', p.id, 'name', p.name, 'title', p.title, 'location', p.location,
            'skills', p.skills, 'categories', p.categories, 'hourly_rate_min', p.hourly_rate_min,
            'hourly_rate_max', p.hourly_rate_max, 'rating', p.rating,
            'review_count', p.review_count, 'verified', p.verified,
            'response_time', p.response_time, 'completion_rate', p.completion_rate,
            'availability', p.availability, 'description', left(p.description, 280),
            'avatar_url', p.avatar_url, 'featured', p.featured, 'pro_badge', p.pro_badge)
          order by h.position)
        from (select h.id, row_number() over () as position from hits h) h
        join public.profiles p on p.id = h.id), '[]'::jsonb)
    $sql$
    into v_total, v_items
    using v_tsquery, lower(v_query), p_categories, '%' || v_location || '%', p_rate_min,
      p_rate_max, p_min_rating, p_availability, v_size, (v_page - 1) * v_size;

  if v_total is null then
    execute format('select count(*) from public.profiles p where %s', v_where)
      into v_total
      using v_tsquery, lower(v_query), p_categories, '%' || v_location || '%', p_rate_min,
        p_rate_max, p_min_rating, p_availability;
  end if;

  return jsonb_build_object('total', v_total, 'page', v_page, 'page_size', v_size, 'items', v_items);
end;
$$;
comment on function public.search_professionals(text, text[], text, integer, integer, numeric, boolean, text, text, integer, integer) is
  'Public professional search: weighted full-text (name and title A, skills B, description C, location D); when nothing matches as typed, trigram word similarity on search_text. Filters: categories, location, GBP rate range, minimum rating, verified, availability; sort relevance, rating, rate_asc, rate_desc or featured (featured first, then rating). Featured professionals come first among results equal on the chosen order. Returns {total, page, page_size, items}; items carry featured and pro_badge. Security definer: reads only unsuspended professional profiles. Builds its statement per call: only the given filters, relevance only for the relevance order, and without a query the page is read from an order index.';
