-- search_professionals, seventh version (the rest as in 20261129010000): the same rows, order and
-- total, read from a narrow copy of what search filters and ranks on. measured at 100,000
-- professionals on postgresql 15 (bench/scale-100k.ts, docs/benchmarks.md "Data ten times
-- larger"), a broad word ("kubernetis" corrected to "kubernetes", about 8,000 matches) spent its
-- time visiting every matching profile row to filter, rank and count it: about 8,600 pages of
-- profiles, whose rows carry descriptions, texts for the typo index and everything the card shows
-- (about 1.4 kB each, two to three rows a page). search_cards holds one row per listed
-- professional (unsuspended, account type professional) with only the filter and order columns
-- and the same search_vector: about 700 bytes a row, so the same matches sit on fewer pages and
-- each visit reads less. the page's cards are still read from profiles (twelve rows by key).
-- without a text query nothing changes: the page comes from profiles' order indexes.

create table if not exists public.search_cards (
  -- no foreign key: the data export walks foreign keys to profiles, and this copy is not the
  -- user's data (the export leaves search_vector out of the profile too); deletes are a trigger
  id uuid primary key,
  search_vector tsvector,
  categories text[] not null,
  location text,
  hourly_rate_min integer,
  hourly_rate_max integer,
  rating numeric(3, 2) not null,
  review_count integer not null,
  verified boolean not null,
  availability text not null,
  featured boolean not null
);
alter table public.search_cards enable row level security;
revoke all on public.search_cards from public, anon, authenticated;
comment on table public.search_cards is
  'What search_professionals filters and ranks text matches on, one row per listed professional (account type professional, not suspended), copied from profiles by the profiles_search_cards_* triggers. Narrow so that a broad word''s matches are counted and ranked from few pages. No policy: only security definer functions read it.';

create index if not exists search_cards_search_vector_idx on public.search_cards using gin (search_vector);

-- copies the listed professionals among the written rows, and drops the ones no longer listed
-- or deleted
create or replace function public.profiles_sync_search_cards()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    delete from public.search_cards c using old_rows o where c.id = o.id;
    return null;
  end if;
  delete from public.search_cards c
  using new_rows n
  where c.id = n.id and (n.account_type <> 'professional' or n.suspended_at is not null);
  insert into public.search_cards as c (id, search_vector, categories, location, hourly_rate_min,
    hourly_rate_max, rating, review_count, verified, availability, featured)
  select n.id, n.search_vector, n.categories, n.location, n.hourly_rate_min, n.hourly_rate_max,
    n.rating, n.review_count, n.verified, n.availability, n.featured
  from new_rows n
  where n.account_type = 'professional' and n.suspended_at is null
  on conflict (id) do update set
    search_vector = excluded.search_vector, categories = excluded.categories,
    location = excluded.location, hourly_rate_min = excluded.hourly_rate_min,
    hourly_rate_max = excluded.hourly_rate_max, rating = excluded.rating,
    review_count = excluded.review_count, verified = excluded.verified,
    availability = excluded.availability, featured = excluded.featured
  where (c.search_vector, c.categories, c.location, c.hourly_rate_min, c.hourly_rate_max,
      c.rating, c.review_count, c.verified, c.availability, c.featured)
    is distinct from (excluded.search_vector, excluded.categories, excluded.location,
      excluded.hourly_rate_min, excluded.hourly_rate_max, excluded.rating,
      excluded.review_count, excluded.verified, excluded.availability, excluded.featured);
  return null;
end;
$$;
comment on function public.profiles_sync_search_cards() is
  'Statement trigger on profiles: copies the inserted or updated listed professionals'' filter and order columns and search_vector to search_cards, and removes rows that stopped being listed (suspended, no longer a professional, deleted).';
revoke all on function public.profiles_sync_search_cards() from public, anon, authenticated;

-- one call per statement (transition tables need one trigger per event)
drop trigger if exists profiles_search_cards_insert on public.profiles;
create trigger profiles_search_cards_insert
  after insert on public.profiles
  referencing new table as new_rows
  for each statement execute function public.profiles_sync_search_cards();
drop trigger if exists profiles_search_cards_update on public.profiles;
create trigger profiles_search_cards_update
  after update on public.profiles
  referencing new table as new_rows
  for each statement execute function public.profiles_sync_search_cards();
drop trigger if exists profiles_search_cards_delete on public.profiles;
create trigger profiles_search_cards_delete
  after delete on public.profiles
  referencing old table as old_rows
  for each statement execute function public.profiles_sync_search_cards();

insert into public.search_cards (id, search_vector, categories, location, hourly_rate_min,
  hourly_rate_max, rating, review_count, verified, availability, featured)
select p.id, p.search_vector, p.categories, p.location, p.hourly_rate_min, p.hourly_rate_max,
  p.rating, p.review_count, p.verified, p.availability, p.featured
from public.profiles p
where p.account_type = 'professional' and p.suspended_at is null
on conflict (id) do nothing;
analyze public.search_cards;

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
  v_filters text := '';
  v_where text;
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
      -- 0.45; shorter words and words with nothing near are dropped (decision 0128: plain sql
      -- over btree indexes, no pg_trgm call)
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
  end if;
  if cardinality(p_categories) > 0 then v_filters := v_filters || ' and p.categories && $3'; end if;
  if v_location is not null then v_filters := v_filters || ' and p.location ilike $4'; end if;
  -- range filters as "is true" (the same rows: a null rate never passed), so the planner checks
  -- the matched rows rather than and-ing a bitmap of a rating or rate index
  if p_rate_min is not null then v_filters := v_filters || ' and (p.hourly_rate_max >= $5) is true'; end if;
  if p_rate_max is not null then v_filters := v_filters || ' and (p.hourly_rate_min <= $6) is true'; end if;
  if p_min_rating is not null then v_filters := v_filters || ' and (p.rating >= $7) is true'; end if;
  if coalesce(p_verified_only, false) then v_filters := v_filters || ' and p.verified'; end if;
  if nullif(p_availability, '') is not null then v_filters := v_filters || ' and p.availability = $8'; end if;

  -- the orders of the fourth version, written as profiles' order indexes store them
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

  -- with a query: one pass over the matches in search_cards (only listed professionals are
  -- there), materialised with the order's columns only (the relevance only when ordering by
  -- it), gives the page and the total. without one: the page is read from an order index of
  -- profiles and stops early, and the total is a separate count.
  if v_tsquery is not null then
    v_where := 'p.search_vector @@ $1' || v_filters;
    v_source := format(
      $sql$
      with matched as materialized (
        select p.id, p.featured, p.rating, p.review_count, p.hourly_rate_min, p.hourly_rate_max,
          %s as relevance
        from public.search_cards p where %s
      ),
      hits as (select p.id from matched p order by %s limit $9 offset $10)
      select (select count(*) from matched),
      $sql$,
      case when v_order not like 'p.relevance%' then '0::real'
        else 'ts_rank_cd(p.search_vector, $1)' end,
      v_where, v_order);
  else
    v_where := 'p.account_type = ''professional'' and p.suspended_at is null' || v_filters;
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
  'Public professional search: weighted full-text (name and title A, skills B, description C, location D); when nothing matches as typed, each word is corrected to the nearest word professionals'' cards use (search_words, trigram similarity at least 0.45, counted in sql) and the corrected words are searched as full text. Filters: categories, location, GBP rate range, minimum rating, verified, availability; sort relevance, rating, rate_asc, rate_desc or featured (featured first, then rating). Featured professionals come first among results equal on the chosen order. Returns {total, page, page_size, items}; items carry featured and pro_badge. Security definer: reads only unsuspended professional profiles. Builds its statement per call: only the given filters, relevance only for the relevance order; text matches are counted and ranked from search_cards, and without a query the page is read from an order index of profiles.';
