-- search_professionals, sixth version: a misspelt query is corrected word by word against the
-- words professionals' cards use, then searched as full text (decision 0128). the fifth version
-- (20261128010100) compared the whole query with every similar card by trigram word similarity
-- (`<%`): about 10,000 re-checks and 330 ms for "kubernetis" at 100,000 professionals on
-- postgresql 15 (docs/benchmarks.md, "Data ten times larger").
--
-- an earlier attempt at the same idea stopped pglite answering (decision 0025, revisions). the
-- cause, found by calling it in process without the gateway: a pg_trgm function (`%`,
-- similarity, `<->`, with a gin index, a gist index or none, in a function or a bare select, with
-- or without set_config) sometimes traps in webassembly ("null function or function signature
-- mismatch", a call through pg_trgm's function table); pglite's main loop swallows any exception
-- that is not a postgresql error, so the statement returns no row and no error and the backend
-- is left inside a half-run statement: the next one answers ERRORDATA_STACK_SIZE exceeded or
-- never. it happened in about half of fresh processes, on the first such call. so this version
-- uses no pg_trgm function at all: the vocabulary keeps each word's trigrams (the same trigrams
-- pg_trgm makes: the word lower-cased, two spaces before and one after) in a btree-indexed
-- table, and the nearest word is found by counting shared trigrams in plain sql. the
-- vocabulary is kept by statement-level triggers (one insert per statement, whatever its number
-- of rows), with no exception block and no setting changed.

create table if not exists public.search_words (
  word text primary key check (char_length(word) between 3 and 60),
  trigram_count integer not null
);
alter table public.search_words enable row level security;
revoke all on public.search_words from public, anon, authenticated;
comment on table public.search_words is
  'Every word (3 to 60 letters or digits) of professionals'' search_text and its number of distinct trigrams: the vocabulary search_professionals corrects misspelt queries against. Kept by the profiles_search_words_* triggers; it only grows (a word nobody uses any more corrects to a search that finds nobody). No policy: only security definer functions read it.';

create table if not exists public.search_word_trigrams (
  trigram text not null,
  word text not null references public.search_words (word) on delete cascade,
  primary key (trigram, word)
);
alter table public.search_word_trigrams enable row level security;
revoke all on public.search_word_trigrams from public, anon, authenticated;
comment on table public.search_word_trigrams is
  'The distinct trigrams of each search_words word (pg_trgm''s: two spaces before the word, one after), so the nearest known word is found with btree lookups. No policy: only security definer functions read it.';

-- the distinct trigrams of one lower-case word, as pg_trgm makes them
create or replace function public.word_trigrams(p_word text)
returns setof text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select distinct substr('  ' || p_word || ' ', i, 3)
  from generate_series(1, char_length(p_word) + 1) i
$$;
comment on function public.word_trigrams(text) is
  'The distinct trigrams of a lower-case word as pg_trgm makes them (two spaces before, one after). Used to keep and read search_word_trigrams without calling pg_trgm.';
revoke all on function public.word_trigrams(text) from public, anon, authenticated;

-- adds the words of some search_text values to the vocabulary (new ones only)
create or replace function public.add_search_words(p_texts text[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  with words as (
    select distinct w
    from unnest(p_texts) t, regexp_split_to_table(t, '[^[:alnum:]]+') w
    where char_length(w) between 3 and 60
  ),
  added as (
    insert into public.search_words (word, trigram_count)
    select w, (select count(*) from public.word_trigrams(w)) from words
    on conflict do nothing
    returning word
  )
  insert into public.search_word_trigrams (trigram, word)
  select g, a.word from added a, public.word_trigrams(a.word) g
$$;
comment on function public.add_search_words(text[]) is
  'Adds the new words (3 to 60 letters or digits) of the given search_text values, and their trigrams, to the search vocabulary. Called by the profiles_search_words_* triggers.';
revoke all on function public.add_search_words(text[]) from public, anon, authenticated;

select public.add_search_words(array(
  select p.search_text from public.profiles p
  where p.account_type = 'professional' and p.search_text is not null));

create or replace function public.profiles_add_search_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.add_search_words(array(
    select n.search_text from new_rows n
    where n.account_type = 'professional' and n.search_text is not null));
  return null;
end;
$$;
comment on function public.profiles_add_search_words() is
  'Statement trigger on profiles: adds the words of the inserted or updated professionals'' search_text to the search vocabulary (search_words), which search_professionals corrects typos against.';
revoke all on function public.profiles_add_search_words() from public, anon, authenticated;

-- one call per insert or update statement, not per row. transition tables cannot be combined
-- with a column list, so every update statement runs it; words already known cost one index
-- probe each
drop trigger if exists profiles_search_words_insert on public.profiles;
create trigger profiles_search_words_insert
  after insert on public.profiles
  referencing new table as new_rows
  for each statement execute function public.profiles_add_search_words();
drop trigger if exists profiles_search_words_update on public.profiles;
create trigger profiles_search_words_update
  after update on public.profiles
  referencing new table as new_rows
  for each statement execute function public.profiles_add_search_words();

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
      -- each word of three letters or more becomes the known word sharing the largest part of
      -- its trigrams (pg_trgm's similarity: shared / all distinct), kept when that is at least
      -- 0.45 (the fifth version's threshold: one typo in a short word still passes); shorter
      -- words and words with nothing near are dropped. plain sql over btree indexes, no pg_trgm
      -- call (see the top of this file).
      select plainto_tsquery('english'::regconfig, string_agg(c.word, ' ' order by q.n))
        into v_tsquery
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
  'Public professional search: weighted full-text (name and title A, skills B, description C, location D); when nothing matches as typed, each word is corrected to the nearest word professionals'' cards use (search_words, trigram similarity at least 0.45, counted in sql) and the corrected words are searched as full text. Filters: categories, location, GBP rate range, minimum rating, verified, availability; sort relevance, rating, rate_asc, rate_desc or featured (featured first, then rating). Featured professionals come first among results equal on the chosen order. Returns {total, page, page_size, items}; items carry featured and pro_badge. Security definer: reads only unsuspended professional profiles. Builds its statement per call: only the given filters, relevance only for the relevance order, and without a query the page is read from an order index.';
