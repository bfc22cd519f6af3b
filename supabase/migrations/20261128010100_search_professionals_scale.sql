-- search_professionals, fifth version (the rest as in 20261126120000): work that no longer grows
-- with every professional who matches. measured at 100,000 professionals on postgresql 15
-- (bench/scale-100k.ts, docs/benchmarks.md "Data ten times larger"), the fourth version took
-- about 330 ms for a misspelt word and 340 ms for the home page's featured list:
--
-- 1. a misspelt query (nothing matches as typed) is corrected word by word against the words
--    professionals' cards use (private.search_words, a few hundred to a few thousand words
--    whatever the number of people, kept by a trigger), then searched as full text. the fourth
--    version compared the query with every card's text by trigram word similarity instead:
--    a re-check per candidate, about 10,000 of them for "kubernetis" at 100k. decision 0118.
-- 2. the statement is built per call from the filters and order actually given (parameters stay
--    parameters: execute ... using). relevance is computed only when the order is relevance
--    with a query; without a query the page is read in order from one of the partial indexes
--    below and stops after page_size rows, and the total is a plain count.

create schema if not exists private;
revoke all on schema private from public;
comment on schema private is
  'Internal tables that only security definer functions read; not exposed through the API.';

create table if not exists private.search_words (word text primary key);
alter table private.search_words enable row level security;
revoke all on private.search_words from public;
comment on table private.search_words is
  'Every word (3 letters or more) of professionals'' search_text: the vocabulary search_professionals corrects misspelt queries against. Only grows; a stale word only makes a correction that matches nobody.';
create index if not exists search_words_trgm_idx
  on private.search_words using gin (word extensions.gin_trgm_ops);

create or replace function public.profiles_add_search_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.account_type = 'professional' and new.search_text is not null then
    insert into private.search_words (word)
    select distinct w from regexp_split_to_table(new.search_text, '[^[:alnum:]]+') w
    where length(w) >= 3
    on conflict do nothing;
  end if;
  return null;
end;
$$;
comment on function public.profiles_add_search_words() is
  'Trigger: adds the words of a professional''s search_text to private.search_words (the vocabulary for typo correction in search).';
revoke all on function public.profiles_add_search_words() from public, anon, authenticated;

drop trigger if exists profiles_add_search_words on public.profiles;
-- the columns search_text is made of (profiles_search_fields sets it in a before trigger, and
-- "update of search_text" would fire only when a statement names it)
create trigger profiles_add_search_words
  after insert or update of name, title, skills, location, account_type on public.profiles
  for each row when (new.account_type = 'professional')
  execute function public.profiles_add_search_words();

insert into private.search_words (word)
select distinct w
from public.profiles p, regexp_split_to_table(p.search_text, '[^[:alnum:]]+') w
where p.account_type = 'professional' and length(w) >= 3
on conflict do nothing;

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
      -- each word of the query becomes the most similar known word (trigram similarity at
      -- least 0.45, the fourth version's threshold); words with none are dropped
      perform set_config('pg_trgm.similarity_threshold', '0.45', true);
      select plainto_tsquery('english'::regconfig, string_agg(c.word, ' ' order by q.n))
        into v_tsquery
      from regexp_split_to_table(lower(v_query), '[^[:alnum:]]+') with ordinality q(typed, n)
      cross join lateral (
        select w.word from private.search_words w
        where length(q.typed) >= 3 and w.word operator(extensions.%) q.typed
        order by extensions.similarity(w.word, q.typed) desc, w.word
        limit 1
      ) c;
      v_fuzzy := true;
    end if;
  end if;

  -- $1 tsquery, $2 lower-case query, $3 categories, $4 location pattern, $5 rate min,
  -- $6 rate max, $7 minimum rating, $8 availability, $9 limit, $10 offset
  if v_fuzzy and (v_tsquery is null or numnode(v_tsquery) = 0) then
    -- nothing known looks like what was typed
    return jsonb_build_object('total', 0, 'page', v_page, 'page_size', v_size, 'items', '[]'::jsonb);
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
      'ts_rank_cd(p.search_vector, $1) desc, p.featured desc, p.rating desc, p.review_count desc, p.id'
    else 'p.featured desc, p.rating desc, p.review_count desc, p.id'
  end;

  -- with a query: one pass over the matches, materialised with the order's columns only (the
  -- relevance only when ordering by it), gives the page and the total. without one: the page is
  -- read from an order index and stops early, and the total is a separate count.
  if v_tsquery is not null then
    v_order := replace(v_order, 'ts_rank_cd(p.search_vector, $1)', 'p.relevance');
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
      case when v_order like 'p.relevance%' then 'ts_rank_cd(p.search_vector, $1)' else '0::real' end,
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
  'Public professional search: weighted full-text (name and title A, skills B, description C, location D); when nothing matches as typed, each word is corrected to the most similar word professionals'' cards use (trigram similarity, private.search_words) and the corrected words are searched. Filters: categories, location, GBP rate range, minimum rating, verified, availability; sort relevance, rating, rate_asc, rate_desc or featured (featured first, then rating). Featured professionals come first among results equal on the chosen order. Returns {total, page, page_size, items}; items carry featured and pro_badge. Security definer: reads only unsuspended professional profiles. Builds its statement per call: only the given filters, relevance only for the relevance order, and without a query the page is read from an order index.';
