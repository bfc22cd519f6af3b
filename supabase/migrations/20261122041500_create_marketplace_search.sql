-- public marketplace reads for mf-marketing: professional search (weighted full-text plus trigram
-- typo tolerance, filters, sort, pagination), the home-page figures computed from the data, and a
-- database-side rate limit on the contact form.
-- every function here is security invoker: the caller's row-level security decides what it sees,
-- so anon only ever sees professional profiles (policy profiles_select_public).

create index if not exists profiles_professional_rating_idx
  on public.profiles (rating desc, review_count desc)
  where account_type = 'professional';
create index if not exists profiles_professional_rate_idx
  on public.profiles (hourly_rate_min)
  where account_type = 'professional';

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
set search_path = ''
as $$
declare
  v_query text := nullif(trim(coalesce(p_query, '')), '');
  v_tsquery tsquery;
  v_size integer := least(greatest(coalesce(p_page_size, 12), 1), 50);
  v_offset integer := (greatest(coalesce(p_page, 1), 1) - 1) * least(greatest(coalesce(p_page_size, 12), 1), 50);
  v_result jsonb;
begin
  if v_query is not null then
    v_query := left(v_query, 200);
    v_tsquery := websearch_to_tsquery('english'::regconfig, v_query);
    -- word similarity 0.45 lets one typo in a short word through ('reakt' finds 'react').
    perform set_config('pg_trgm.word_similarity_threshold', '0.45', true);
  end if;

  with matched as (
    select p.*,
      case when v_query is null then 0::real
        else ts_rank_cd(p.search_vector, v_tsquery) * 2 + extensions.word_similarity(lower(v_query), p.search_text)
      end as relevance
    from public.profiles p
    where p.account_type = 'professional'
      and (v_query is null
        or p.search_vector @@ v_tsquery
        or lower(v_query) operator(extensions.<%) p.search_text)
      and (p_categories is null or cardinality(p_categories) = 0 or p.categories && p_categories)
      and (nullif(trim(p_location), '') is null or p.location ilike '%' || trim(p_location) || '%')
      and (p_rate_min is null or p.hourly_rate_max >= p_rate_min)
      and (p_rate_max is null or p.hourly_rate_min <= p_rate_max)
      and (p_min_rating is null or p.rating >= p_min_rating)
      and (not coalesce(p_verified_only, false) or p.verified)
      and (nullif(p_availability, '') is null or p.availability = p_availability)
  ),
  page as (
    select m.id, m.name, m.title, m.location, m.skills, m.categories, m.hourly_rate_min,
      m.hourly_rate_max, m.rating, m.review_count, m.verified, m.response_time, m.completion_rate,
      m.availability, left(m.description, 280) as description, m.avatar_url
    from matched m
    order by
      case when p_sort = 'rating' then m.rating end desc nulls last,
      case when p_sort = 'rate_asc' then m.hourly_rate_min end asc nulls last,
      case when p_sort = 'rate_desc' then m.hourly_rate_max end desc nulls last,
      case when coalesce(p_sort, 'relevance') = 'relevance' then m.relevance end desc,
      m.rating desc, m.review_count desc, m.id
    limit v_size offset v_offset
  )
  select jsonb_build_object(
    'total', (select count(*) from matched),
    'page', greatest(coalesce(p_page, 1), 1),
    'page_size', v_size,
    'items', coalesce((select jsonb_agg(to_jsonb(page)) from page), '[]'::jsonb)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.search_professionals(text, text[], text, integer, integer, numeric, boolean, text, text, integer, integer) is
  'Public professional search: weighted full-text (name and title A, skills B, description C, location D) or trigram word similarity on search_text, with category, location, GBP rate range, minimum rating, verified and availability filters; sort relevance, rating, rate_asc or rate_desc; returns {total, page, page_size, items}. Security invoker: RLS applies.';

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
    'success_rate', round(avg(p.completion_rate)),
    'categories', coalesce((
      select jsonb_object_agg(c.slug, c.n)
      from (
        select unnest(q.categories) as slug, count(*) as n
        from public.profiles q where q.account_type = 'professional'
        group by 1
      ) c
    ), '{}'::jsonb)
  )
  from public.profiles p
  where p.account_type = 'professional';
$$;
comment on function public.marketplace_stats() is
  'Aggregate figures for the public pages (home stats band, analytics page): professional count, distinct locations, verified count, average rating of reviewed professionals, review total, average completion rate and professionals per category. Aggregates only, never personal data.';

create or replace function public.limit_contact_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- the api roles cannot read contact_messages, so the count runs as the owner (security definer).
  if (select count(*) from public.contact_messages m
      where m.email = new.email and m.created_at > now() - interval '1 hour') >= 3 then
    raise exception 'Too many messages from this address. Please try again in an hour.'
      using errcode = 'PT429';
  end if;
  if (select count(*) from public.contact_messages m
      where m.created_at > now() - interval '1 minute') >= 30 then
    raise exception 'The contact form is busy. Please try again in a minute.'
      using errcode = 'PT429';
  end if;
  return new;
end;
$$;
comment on function public.limit_contact_messages() is
  'Trigger: contact form rate limit in the database (3 per e-mail address per hour, 30 per minute overall), so it holds for every client and every backend instance.';

create index if not exists contact_messages_email_created_idx
  on public.contact_messages (email, created_at desc);
create index if not exists contact_messages_created_idx on public.contact_messages (created_at desc);

drop trigger if exists contact_messages_rate_limit on public.contact_messages;
create trigger contact_messages_rate_limit
  before insert on public.contact_messages
  for each row execute function public.limit_contact_messages();

revoke all on function public.limit_contact_messages() from public, anon, authenticated;
revoke all on function public.search_professionals(text, text[], text, integer, integer, numeric, boolean, text, text, integer, integer) from public;
revoke all on function public.marketplace_stats() from public;
grant execute on function public.search_professionals(text, text[], text, integer, integer, numeric, boolean, text, text, integer, integer)
  to anon, authenticated, service_role;
grant execute on function public.marketplace_stats() to anon, authenticated, service_role;
