-- search_professionals corrects typos inline. the previous version called
-- correct_search_query (a function with its own set clause) from inside search_professionals;
-- under load on 10,000 profiles pglite then answered 'errordata_stack_size exceeded' for every
-- later query. same behaviour, no nested call. correct_search_query stays for direct use.

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
security invoker
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
begin
  if v_query is not null then
    v_tsquery := websearch_to_tsquery('english'::regconfig, v_query);
    if numnode(v_tsquery) = 0 then
      v_tsquery := null; -- only stop words: no text condition
    elsif not exists (
      select 1 from public.profiles p
      where p.account_type = 'professional' and p.search_vector @@ v_tsquery
    ) then
      -- nothing matches as typed: try the spelling-corrected query; no correction, no results
      -- (inlined rather than calling correct_search_query: a nested call of a function with its
      -- own set clause left pglite in an 'errordata_stack_size exceeded' state under load)
      select case when count(*) filter (where c.best is null) = 0 and count(*) > 0
        then to_tsquery('simple'::regconfig, string_agg(quote_literal(c.best), ' & ')) end
      into v_tsquery
      from (
        select (
          select v.word from public.search_vocabulary v
          where v.word operator(extensions.%) w.word
          order by extensions.similarity(v.word, w.word) desc, v.word
          limit 1
        ) as best
        from regexp_split_to_table(lower(v_query), '[^[:alnum:]]+') as w(word)
        where char_length(w.word) >= 3
      ) c;
      v_tsquery := coalesce(v_tsquery, to_tsquery('simple', 'zzznomatchzzz'));
    end if;
  end if;

  with matched as (
    select p.id, p.rating, p.review_count, p.hourly_rate_min, p.hourly_rate_max,
      case when v_tsquery is null then 0::real else ts_rank_cd(p.search_vector, v_tsquery) end as relevance
    from public.profiles p
    where p.account_type = 'professional'
      and (v_tsquery is null or p.search_vector @@ v_tsquery)
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
  'Public professional search: weighted full-text (name and title A, skills B, description C, location D); when nothing matches as typed, the query is spelling-corrected against search_vocabulary (pg_trgm). Filters: categories, location, GBP rate range, minimum rating, verified, availability; sort relevance, rating, rate_asc or rate_desc; returns {total, page, page_size, items}. Security invoker: RLS applies.';
