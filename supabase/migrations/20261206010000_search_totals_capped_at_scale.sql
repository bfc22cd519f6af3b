-- search_professionals without work that grows with the marketplace. at 1,000,000 professionals
-- (bench/scale-100k.ts with BENCH_SCALES=1000000) the search page's query mix took 1.2 s at p95:
-- a broad word ("react", or "kubernetis" corrected to "kubernetes") matches about one card in
-- eight, and every match was read, ranked and counted to give an exact total; without a text
-- query the total was a count of every listed profile. now:
--
-- - the total is counted only up to public.search_total_cap() (1,000): past it the answer says
--   total_capped and the page shows "1,000+ professionals found". the count reads at most cap + 1
--   matching cards.
-- - when the matches are more than the cap, the relevance order becomes the featured order
--   (featured, rating, reviews), read from an order index of search_cards that stops after the
--   page; the explicit orders (rating, rates, featured) are the same as before. at or below the
--   cap every match is still ranked by relevance, so a specific search keeps its exact order.
-- - the page without a text query is read from search_cards too (the same rows as profiles'
--   listed professionals), through the same order indexes.
-- - a broad page walks an order index, checking the rate, rating, verified and availability
--   filters from the index itself and looking up by key only the cards that pass them.
--
-- see docs/decisions/0231-search-totals-capped-at-scale.md.

-- the most matches a search counts; beyond it the total reads "1,000+"
create or replace function public.search_total_cap()
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$ select 1000 $$;
comment on function public.search_total_cap() is
  'The most matches search_professionals counts: past it the answer''s total is this number with total_capped true ("1,000+"), and a relevance search that broad is ordered as featured.';
revoke all on function public.search_total_cap() from public, anon, authenticated;

-- the orders of search_professionals, on the narrow cards, so a broad page stops early
-- (with the columns the cheap filters read, so a walk checks them without reading the card)
create index if not exists search_cards_featured_order_idx
  on public.search_cards (featured desc, rating desc, review_count desc, id)
  include (hourly_rate_min, hourly_rate_max, verified, availability);
create index if not exists search_cards_rating_order_idx
  on public.search_cards (rating desc, featured desc, review_count desc, id)
  include (hourly_rate_min, hourly_rate_max, verified, availability);
create index if not exists search_cards_rate_asc_order_idx
  on public.search_cards (hourly_rate_min, featured desc, rating desc, review_count desc, id)
  include (hourly_rate_max, verified, availability);
create index if not exists search_cards_rate_desc_order_idx
  on public.search_cards (hourly_rate_max desc nulls last, featured desc, rating desc, review_count desc, id)
  include (hourly_rate_min, verified, availability);

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
-- every read here has an index, and a sequential scan of search_cards is the one cost that grows
-- with the marketplace: the planner expects a word it has no statistics for ("kubernetis") to be
-- found within the first rows of a scan, and reads all million cards when it is on none
set enable_seqscan = off
set search_path = ''
as $$
declare
  v_query text := left(nullif(trim(coalesce(p_query, '')), ''), 200);
  v_tsquery tsquery;
  v_size integer := least(greatest(coalesce(p_page_size, 12), 1), 50);
  v_page integer := greatest(coalesce(p_page, 1), 1);
  v_fuzzy boolean := false;
  v_words text[];
  v_any tsquery;
  v_corrected text;
  -- the lexemes an any-word query looks for, when one is used (a sentence)
  v_rank_words text[];
  v_location text := nullif(trim(p_location), '');
  -- filters on the card's indexed columns (rates, rating, verified, availability), and on the
  -- rest of its row (categories, location; the text is added where it applies)
  v_columns text := '';
  v_rows text := '';
  v_count text;
  v_order text;
  v_source text;
  v_total bigint;
  v_cap integer := public.search_total_cap();
  v_capped boolean;
  v_args text;
  v_items jsonb;
begin
  -- $1 tsquery, $2 lower-case query, $3 categories, $4 location pattern, $5 rate min,
  -- $6 rate max, $7 minimum rating, $8 availability, $9 limit, $10 offset
  if p_rate_min is not null then v_columns := v_columns || ' and (p.hourly_rate_max >= $5) is true'; end if;
  if p_rate_max is not null then v_columns := v_columns || ' and (p.hourly_rate_min <= $6) is true'; end if;
  if p_min_rating is not null then v_columns := v_columns || ' and (p.rating >= $7) is true'; end if;
  if coalesce(p_verified_only, false) then v_columns := v_columns || ' and p.verified'; end if;
  if nullif(p_availability, '') is not null then v_columns := v_columns || ' and p.availability = $8'; end if;
  if cardinality(p_categories) > 0 then v_rows := v_rows || ' and p.categories && $3'; end if;
  if v_location is not null then v_rows := v_rows || ' and p.location ilike $4'; end if;

  -- the matches are counted only up to the cap (cap + 1 rows read at most): past it the page
  -- says "1,000+". the count of the text as typed comes first, so whether the words are on any
  -- card is asked separately only when nothing passes the filters
  v_count := format(
    'select count(*) from (select 1 from public.search_cards p where %s%s%s limit %s) c',
    case when v_query is null then 'true' else 'p.search_vector @@ $1' end, v_rows, v_columns,
    v_cap + 1);

  if v_query is not null then
    v_tsquery := websearch_to_tsquery('english'::regconfig, v_query);
    if numnode(v_tsquery) = 0 then
      v_tsquery := null;
      v_count := replace(v_count, 'p.search_vector @@ $1', 'true');
    end if;
  end if;
  execute v_count into v_total
    using v_tsquery, lower(v_query), p_categories, '%' || v_location || '%', p_rate_min,
      p_rate_max, p_min_rating, p_availability;

  if v_tsquery is not null and v_total = 0
     and not exists (select 1 from public.search_cards c where c.search_vector @@ v_tsquery) then
    -- a sentence ("a senior consultant to lead our digital transformation") seldom has every
    -- word on one card: with three or more words (stop words left out), cards with any of them
    -- match, and ts_rank_cd ranks first those with the most of them, closest together
    v_words := tsvector_to_array(to_tsvector('english'::regconfig, v_query));
    if cardinality(v_words) >= 3 then
      v_any := array_to_string(
        array(select quote_literal(w) from unnest(v_words) w), ' | ')::tsquery;
      if exists (select 1 from public.search_cards c where c.search_vector @@ v_any) then
        v_tsquery := v_any;
        v_rank_words := v_words;
      end if;
    end if;
    if v_rank_words is null then
      -- each word of three letters or more becomes the known word sharing the largest part of
      -- its trigrams (pg_trgm's similarity: shared / all distinct), kept when that is at least
      -- 0.45; shorter words and words with nothing near are dropped (decision 0128: plain sql
      -- over btree indexes, no pg_trgm call)
      select string_agg(c.word, ' ' order by q.n)
        into v_corrected
      from regexp_split_to_table(lower(v_query), '[^[:alnum:]]+') with ordinality q(typed, n)
      cross join lateral (
        select w.word
        from (select array(select public.word_trigrams(q.typed)) as grams) t
        cross join lateral (
          select s.word, count(*) as shared
          from public.search_word_trigrams s
          where s.trigram = any(t.grams)
          group by s.word
        ) m
        join public.search_words w on w.word = m.word
        where char_length(q.typed) between 3 and 60
          and m.shared::real / (w.trigram_count + cardinality(t.grams) - m.shared) >= 0.45
        order by m.shared::real / (w.trigram_count + cardinality(t.grams) - m.shared) desc, w.word
        limit 1
      ) c;
      -- the corrected words of a sentence, too, need not all be on one card
      if cardinality(v_words) >= 3 then
        v_rank_words := tsvector_to_array(to_tsvector('english'::regconfig, coalesce(v_corrected, '')));
        v_tsquery := array_to_string(
          array(select quote_literal(w) from unnest(v_rank_words) w), ' | ')::tsquery;
      else
        v_tsquery := plainto_tsquery('english'::regconfig, coalesce(v_corrected, ''));
      end if;
      v_fuzzy := true;
    end if;
    if v_tsquery is null or numnode(v_tsquery) = 0 then
      -- nothing known looks like what was typed
      return jsonb_build_object('total', 0, 'total_capped', false, 'page', v_page,
        'page_size', v_size, 'items', '[]'::jsonb);
    end if;
    execute v_count into v_total
      using v_tsquery, lower(v_query), p_categories, '%' || v_location || '%', p_rate_min,
        p_rate_max, p_min_rating, p_availability;
  end if;

  v_capped := v_total > v_cap;
  if v_capped then v_total := v_cap; end if;
  if v_tsquery is not null then v_rows := ' and p.search_vector @@ $1' || v_rows; end if;

  -- the orders of the fourth version, written as search_cards' order indexes store them. past
  -- the cap a relevance search follows the featured order: ranking would read every match
  v_order := case
    when p_sort = 'rating' then 'p.rating desc, p.featured desc, p.review_count desc, p.id'
    when p_sort = 'rate_asc' then
      'p.hourly_rate_min asc nulls last, p.featured desc, p.rating desc, p.review_count desc, p.id'
    when p_sort = 'rate_desc' then
      'p.hourly_rate_max desc nulls last, p.featured desc, p.rating desc, p.review_count desc, p.id'
    when coalesce(p_sort, 'relevance') = 'relevance' and v_tsquery is not null and not v_capped then
      'p.relevance desc, p.featured desc, p.rating desc, p.review_count desc, p.id'
    else 'p.featured desc, p.rating desc, p.review_count desc, p.id'
  end;

  v_args := 'from public.search_cards p where true' || v_rows || v_columns;
  if v_order like 'p.relevance%' then
    -- at most the cap's matches, each ranked
    v_source := format(
      $sql$
      with matched as materialized (
        select p.id, p.featured, p.rating, p.review_count, %s as relevance %s
      ),
      hits as (select p.id from matched p order by %s limit $9 offset $10)
      $sql$,
      -- a sentence: cards with more of its words first (the lexemes ts_delete takes away),
      -- then cover density scaled below 1 (normalisation 32: rank / (rank + 1))
      case when v_rank_words is not null then format(
          '(length(p.search_vector) - length(ts_delete(p.search_vector, %L::text[])))::real'
            || ' + ts_rank_cd(p.search_vector, $1, 32)',
          v_rank_words)
        else 'ts_rank_cd(p.search_vector, $1)' end,
      v_args, v_order);
  elsif not v_capped or v_rows = '' then
    v_source := format(
      'with hits as (select p.id %s order by %s limit $9 offset $10)', v_args, v_order);
  else
    -- a broad page: the order index is walked with the column filters read from it (an
    -- index-only scan), and only the cards that pass are looked up by key for the rest. the
    -- walk stops after the page; cards failing a column filter cost an index entry, not a row
    v_source := format(
      $sql$
      with hits as (
        select o.id from public.search_cards o
        where true %s
          -- a scalar subquery, which the planner keeps as a per-row check: as an exists it
          -- would be turned into a join driven by the text index when the planner expects few
          -- matches, reading every match (it expects 31 rows where 42,329 match at a million)
          and coalesce((select true from public.search_cards p where p.id = o.id %s), false)
        order by %s limit $9 offset $10)
      $sql$,
      replace(v_columns, 'p.', 'o.'), v_rows, replace(v_order, 'p.', 'o.'));
  end if;
  execute v_source || $sql$
      select coalesce((
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
    into v_items
    using v_tsquery, lower(v_query), p_categories, '%' || v_location || '%', p_rate_min,
      p_rate_max, p_min_rating, p_availability, v_size, (v_page - 1) * v_size;

  return jsonb_build_object('total', v_total, 'total_capped', v_capped, 'page', v_page,
    'page_size', v_size, 'items', v_items);
end;
$$;
comment on function public.search_professionals(text, text[], text, integer, integer, numeric, boolean, text, text, integer, integer) is
  'Public professional search: weighted full-text (name and title A, skills B, description C, location D); a query of three or more words (stop words left out) that matches nothing as typed matches cards with any of its words, those with more of the words first, then by cover density (ts_rank_cd); when nothing matches as typed, each word is corrected to the nearest word professionals'' cards use (search_words, trigram similarity at least 0.45, counted in sql) and the corrected words are searched as full text. Filters: categories, location, GBP rate range, minimum rating, verified, availability; sort relevance, rating, rate_asc, rate_desc or featured (featured first, then rating). Featured professionals come first among results equal on the chosen order. Returns {total, total_capped, page, page_size, items}: matches are counted up to search_total_cap() (1,000); past it total is the cap and total_capped is true, and a relevance search is ordered as featured. Items carry featured and pro_badge. Security definer: reads only unsuspended professional profiles (search_cards). Builds its statement per call: only the given filters, relevance only for the relevance order.';
