-- semantic similarity for matching (optional). when an OpenAI-compatible embeddings endpoint is
-- configured (EMBEDDINGS_URL, EMBEDDINGS_API_KEY, EMBEDDINGS_MODEL on the backend and its
-- functions; never in a browser), backend/src/jobs/embeddings-worker.ts embeds professional
-- profiles and open projects that are new or changed, and the match-professionals function
-- embeds the request and passes the vector to match_professionals, where cosine similarity joins
-- the blend with its weight in match_weights(). with nothing configured no embeddings exist, the
-- component is left out and matching is lexical exactly as before. docs/decisions/0114.
--
-- storage: pgvector's `vector` where the extension is available (hosted Supabase has it), and
-- otherwise real[] with cosine computed in SQL (PGlite, a PostgreSQL without pgvector); the
-- rest of the schema only ever calls public.embedding_cosine(stored, real[]), defined for
-- whichever type was chosen.

do $do$
declare
  v_type text;
begin
  if exists (select 1 from pg_available_extensions where name = 'vector') then
    create extension if not exists vector with schema extensions;
  end if;
  v_type := case when exists (select 1 from pg_extension where extname = 'vector')
    then 'extensions.vector' else 'real[]' end;

  execute format($t$
    create table if not exists public.profile_embeddings (
      profile_id uuid primary key references public.profiles (id) on delete cascade,
      model text not null check (char_length(model) between 1 and 200),
      content_hash text not null,
      embedding %s not null,
      source_updated_at timestamptz not null,
      updated_at timestamptz not null default now()
    )$t$, v_type);
  execute format($t$
    create table if not exists public.project_embeddings (
      project_id uuid primary key references public.projects (id) on delete cascade,
      model text not null check (char_length(model) between 1 and 200),
      content_hash text not null,
      embedding %s not null,
      source_updated_at timestamptz not null,
      updated_at timestamptz not null default now()
    )$t$, v_type);

  if v_type = 'extensions.vector' then
    execute $f$
      create or replace function public.embedding_cosine(a extensions.vector, b real[])
      returns double precision
      language sql
      immutable
      parallel safe
      set search_path = ''
      as $b$
        select case
          when a is null or b is null or extensions.vector_dims(a) <> cardinality(b) then null
          else nullif(1 - (a operator(extensions.<=>) b::extensions.vector), 'NaN'::double precision)
        end;
      $b$$f$;
  else
    execute $f$
      create or replace function public.embedding_cosine(a real[], b real[])
      returns double precision
      language sql
      immutable
      parallel safe
      set search_path = ''
      as $b$
        select case
          when a is null or b is null or cardinality(a) <> cardinality(b) or cardinality(a) = 0 then null
          else (select sum(x::double precision * y) / nullif(sqrt(sum(x::double precision * x)) * sqrt(sum(y::double precision * y)), 0)
                from unnest(a, b) as v(x, y))
        end;
      $b$$f$;
  end if;
end;
$do$;

comment on table public.profile_embeddings is
  'The embedding of each professional profile (title, skills, categories, About) from the configured embeddings model, for semantic matching. Written by the backend embeddings job; admins may read; nobody else.';
comment on table public.project_embeddings is
  'The embedding of each open project (title, category, skills, description), for matching professionals to it. Written by the backend embeddings job; admins may read; nobody else.';
comment on column public.profile_embeddings.content_hash is
  'md5 of the text that was embedded; unchanged text is not sent to the endpoint again.';
comment on column public.profile_embeddings.source_updated_at is
  'The profile''s updated_at when it was last checked; a later updated_at puts it back on the backlog.';
comment on column public.project_embeddings.content_hash is
  'md5 of the text that was embedded; unchanged text is not sent to the endpoint again.';
comment on column public.project_embeddings.source_updated_at is
  'The project''s updated_at when it was last checked; a later updated_at puts it back on the backlog.';

alter table public.profile_embeddings enable row level security;
alter table public.project_embeddings enable row level security;
drop policy if exists profile_embeddings_admin_select on public.profile_embeddings;
create policy profile_embeddings_admin_select on public.profile_embeddings
  for select to authenticated using ((select public.is_admin()));
comment on policy profile_embeddings_admin_select on public.profile_embeddings is
  'Admins may inspect embeddings; the vectors are derived data that no page shows, so nobody else reads them. Only the backend job (service role) writes.';
drop policy if exists project_embeddings_admin_select on public.project_embeddings;
create policy project_embeddings_admin_select on public.project_embeddings
  for select to authenticated using ((select public.is_admin()));
comment on policy project_embeddings_admin_select on public.project_embeddings is
  'Admins may inspect embeddings; the vectors are derived data (a draft project''s text must not leak through them), so nobody else reads them. Only the backend job (service role) writes.';
revoke all on public.profile_embeddings, public.project_embeddings from anon;

-- what is embedded --------------------------------------------------------------------------------

create or replace function public.profile_embedding_text(p public.profiles)
returns text
language sql
stable
set search_path = ''
as $$
  select concat_ws(E'\n', p.title, array_to_string(p.skills, ', '),
    array_to_string(p.categories, ', '), p.location, p.description);
$$;
comment on function public.profile_embedding_text(public.profiles) is
  'The text of a professional profile that is embedded for semantic matching: title, skills, categories, location and About.';

create or replace function public.project_embedding_text(j public.projects)
returns text
language sql
stable
set search_path = ''
as $$
  select concat_ws(E'\n', j.title, j.category, array_to_string(j.skills, ', '), j.location,
    j.description);
$$;
comment on function public.project_embedding_text(public.projects) is
  'The text of a project that is embedded for matching: title, category, skills, location and description.';

-- the job's two calls --------------------------------------------------------------------------------

create or replace function public.embedding_backlog(p_model text, p_limit integer default 64)
returns table (kind text, id uuid, content text, content_hash text, source_updated_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_model is null or length(trim(p_model)) = 0 then
    raise exception 'An embeddings model name is required.' using errcode = '22023';
  end if;
  -- changed rows whose embedded text did not change (a new rating, say) are marked checked
  -- without calling the endpoint again
  update public.profile_embeddings e set source_updated_at = p.updated_at
  from public.profiles p
  where p.id = e.profile_id and e.source_updated_at < p.updated_at and e.model = p_model
    and e.content_hash = md5(public.profile_embedding_text(p));
  update public.project_embeddings e set source_updated_at = j.updated_at
  from public.projects j
  where j.id = e.project_id and e.source_updated_at < j.updated_at and e.model = p_model
    and e.content_hash = md5(public.project_embedding_text(j));

  return query
  (select 'profile'::text, p.id, c.content, md5(c.content), p.updated_at
   from public.profiles p
   left join public.profile_embeddings e on e.profile_id = p.id
   cross join lateral (select public.profile_embedding_text(p) as content) c
   where p.account_type = 'professional'
     and (e.profile_id is null or e.model <> p_model or e.source_updated_at < p.updated_at)
   order by p.updated_at, p.id
   limit greatest(1, least(coalesce(p_limit, 64), 512)))
  union all
  (select 'project'::text, j.id, c.content, md5(c.content), j.updated_at
   from public.projects j
   left join public.project_embeddings e on e.project_id = j.id
   cross join lateral (select public.project_embedding_text(j) as content) c
   where j.status = 'open'
     and (e.project_id is null or e.model <> p_model or e.source_updated_at < j.updated_at)
   order by j.updated_at, j.id
   limit greatest(1, least(coalesce(p_limit, 64), 512)));
end;
$$;
comment on function public.embedding_backlog(text, integer) is
  'Professional profiles and open projects whose embedding for the model is missing or out of date (at most p_limit of each), with the text to embed and its hash. Internal: the backend embeddings job.';

create or replace function public.save_embeddings(p_model text, p_items jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_item jsonb;
  v_vector real[];
  v_count integer := 0;
begin
  for v_item in select * from jsonb_array_elements(coalesce(p_items, '[]'::jsonb)) loop
    v_vector := array(select x::real from jsonb_array_elements_text(v_item->'embedding')
      with ordinality as t(x, n) order by n);
    continue when cardinality(v_vector) = 0;
    if v_item->>'kind' = 'profile' then
      insert into public.profile_embeddings as e
        (profile_id, model, content_hash, embedding, source_updated_at)
      select (v_item->>'id')::uuid, p_model, v_item->>'content_hash', v_vector,
        (v_item->>'source_updated_at')::timestamptz
      where exists (select 1 from public.profiles p where p.id = (v_item->>'id')::uuid)
      on conflict (profile_id) do update set model = excluded.model,
        content_hash = excluded.content_hash, embedding = excluded.embedding,
        source_updated_at = excluded.source_updated_at, updated_at = now();
    elsif v_item->>'kind' = 'project' then
      insert into public.project_embeddings as e
        (project_id, model, content_hash, embedding, source_updated_at)
      select (v_item->>'id')::uuid, p_model, v_item->>'content_hash', v_vector,
        (v_item->>'source_updated_at')::timestamptz
      where exists (select 1 from public.projects j where j.id = (v_item->>'id')::uuid)
      on conflict (project_id) do update set model = excluded.model,
        content_hash = excluded.content_hash, embedding = excluded.embedding,
        source_updated_at = excluded.source_updated_at, updated_at = now();
    else
      raise exception 'Unknown embedding kind %.', v_item->>'kind' using errcode = '22023';
    end if;
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;
comment on function public.save_embeddings(text, jsonb) is
  'Stores embeddings the job computed ([{kind: profile|project, id, content_hash, source_updated_at, embedding: number[]}]), replacing older ones; rows deleted meanwhile are skipped. Internal: the backend embeddings job.';

revoke all on function public.embedding_backlog(text, integer), public.save_embeddings(text, jsonb),
  public.profile_embedding_text(public.profiles), public.project_embedding_text(public.projects)
  from public, anon, authenticated;
grant execute on function public.embedding_backlog(text, integer), public.save_embeddings(text, jsonb)
  to service_role;

-- the semantic component in the explanation ----------------------------------------------------------------

create or replace function public.with_semantic(p_match jsonb, p_semantic double precision)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  -- 0.6 and above: the two texts share much of their meaning (for a good embeddings model
  -- unrelated texts land near 0.1-0.3), so the card may say so
  select case when p_semantic is null then p_match
    else jsonb_set(
      case when p_semantic >= 0.6
        then jsonb_set(p_match, '{reasons}', coalesce(p_match->'reasons', '[]'::jsonb)
          || to_jsonb('Their profile reads much like your description.'::text))
        else p_match end,
      '{components,semantic}', to_jsonb(round(p_semantic::numeric, 4))) end;
$$;
comment on function public.with_semantic(jsonb, double precision) is
  'Adds the semantic component (and, when strong, a reason) to one match_explanation result. Used by match_professionals.';
revoke all on function public.with_semantic(jsonb, double precision) from public, anon, authenticated;

-- ranking with the semantic component ----------------------------------------------------------------

drop function if exists public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer);

create or replace function public.match_weights()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  -- the blend's weights sum to 1. the lexical ones are nine tenths of what they were before the
  -- semantic component joined (20261124100000): the score divides by the weights of the
  -- components present, so without embeddings every score and ranking is exactly as before.
  select jsonb_build_object(
    -- share of the requested skills the professional lists: the strongest signal of fit
    'skills', 0.216,
    -- the professional's main category is the main one asked for (0.8 when it is a second one
    -- asked for, 0.6 when only their own secondary category matches)
    'category', 0.126,
    -- full-text rank of the request's skills and words against title, skills and About
    'relevance', 0.108,
    -- in the named town 1, elsewhere in its region 0.7, remote-friendly elsewhere 0.6
    'location', 0.108,
    -- lowest hourly rate within the budget 1, falling to 0 at 50% over it
    'rate', 0.09,
    -- review average shrunk towards 4.0 by three phantom reviews, so one 5-star is not a 5.0
    'rating', 0.072,
    -- available 1, busy 0.4 (0.2 when the request wants to start soon), unavailable 0
    'availability', 0.054,
    -- junior, mid, senior or lead as asked 1, one step away 0.5
    'seniority', 0.045,
    -- share of engagements completed
    'completion', 0.027,
    -- usual response time: within an hour 1 down to within 24 hours 0.4
    'response', 0.027,
    -- identity and credentials checked
    'verification', 0.027,
    -- multiplies the score once per must-have skill the professional does not list
    'must_have_penalty', 0.5,
    -- subtracted per earlier, better-scored profile with the same job title (diversity)
    'duplicate_penalty', 0.03,
    -- cosine similarity of the request's embedding and the profile's (0 when opposite or
    -- unrelated). only when an embeddings endpoint is configured and both have one; otherwise it
    -- is left out and the rest re-normalised, so without embeddings the ranking is unchanged.
    -- a little below relevance: it catches synonyms and paraphrase that the text rank misses,
    -- but must not outvote the skills the request names
    'semantic', 0.10
  );
$$;
comment on function public.match_weights() is
  'The weights of the professional-matching score, one place for all of them; each carries its reason beside it in the migration that defines it.';

create or replace function public.match_professionals(
  p_keywords text[] default '{}',
  p_categories text[] default '{}',
  p_skills text[] default '{}',
  p_must_have text[] default '{}',
  p_towns text[] default '{}',
  p_nearby text[] default '{}',
  p_remote boolean default false,
  p_budget_hourly integer default null,
  p_budget_approximate boolean default false,
  p_budget_unit text default null,
  p_seniority text default null,
  p_start_soon boolean default false,
  p_verified_only boolean default false,
  p_limit integer default 10,
  p_embedding real[] default null,
  p_embedding_model text default null
)
returns jsonb
language plpgsql
stable
security definer
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
declare
  w jsonb := public.match_weights();
  v_limit integer := least(greatest(coalesce(p_limit, 10), 1), 50);
  v_skills text[] := (select coalesce(array_agg(distinct lower(s)), '{}') from unnest(coalesce(p_skills, '{}')) s where length(trim(s)) > 0);
  v_must text[] := (select coalesce(array_agg(distinct lower(s)), '{}') from unnest(coalesce(p_must_have, '{}')) s where length(trim(s)) > 0);
  v_towns text[] := (select coalesce(array_agg(distinct lower(t)), '{}') from unnest(coalesce(p_towns, '{}')) t);
  v_nearby text[] := (select coalesce(array_agg(distinct lower(t)), '{}') from unnest(coalesce(p_nearby, '{}')) t);
  v_categories text[] := coalesce(p_categories, '{}');
  v_words text := nullif(trim(array_to_string((select array_agg(k) from (select unnest(coalesce(p_keywords, '{}')) k limit 8) x), ' ')), '');
  v_tsquery tsquery;
  v_retrieve tsquery;
  v_term text;
  v_fuzzy boolean := false;
  v_any_place boolean;
  v_result jsonb;
  v_skill_keys text[];
  v_must_keys text[];
  w_skills numeric := (w->>'skills')::numeric;
  w_category numeric := (w->>'category')::numeric;
  w_relevance numeric := (w->>'relevance')::numeric;
  w_location numeric := (w->>'location')::numeric;
  w_rate numeric := (w->>'rate')::numeric;
  w_rating numeric := (w->>'rating')::numeric;
  w_availability numeric := (w->>'availability')::numeric;
  w_seniority numeric := (w->>'seniority')::numeric;
  w_completion numeric := (w->>'completion')::numeric;
  w_response numeric := (w->>'response')::numeric;
  w_verification numeric := (w->>'verification')::numeric;
  w_must_penalty numeric := (w->>'must_have_penalty')::numeric;
  w_duplicate numeric := (w->>'duplicate_penalty')::numeric;
  w_semantic numeric := (w->>'semantic')::numeric;
begin
  if cardinality(coalesce(p_skills, '{}')) > 20 or cardinality(coalesce(p_keywords, '{}')) > 20 then
    raise exception 'Too many skills or words in one request (20 at most).' using errcode = '22023';
  end if;
  if cardinality(coalesce(p_embedding, '{}')) > 4096 then
    raise exception 'The request embedding is too long (4,096 dimensions at most).' using errcode = '22023';
  end if;
  v_any_place := cardinality(v_towns) > 0;
  v_skill_keys := array(select '|' || s || '|' from unnest(v_skills) s limit 12);
  v_must_keys := array(select '|' || s || '|' from unnest(v_must) s limit 6);

  -- relevance: one or-query over every skill (as a phrase: "react native") and remaining word.
  -- retrieval uses the skills only (and the words only when nothing else was recognised):
  -- everyday words ("site", "team") would otherwise pull in half the marketplace.
  foreach v_term in array coalesce(p_skills, '{}') || coalesce(p_keywords, '{}') loop
    continue when numnode(websearch_to_tsquery('english'::regconfig, v_term)) = 0;
    v_tsquery := case when v_tsquery is null then websearch_to_tsquery('english'::regconfig, v_term)
      else v_tsquery || websearch_to_tsquery('english'::regconfig, v_term) end;
    -- "C#" or ".NET" become one- or three-letter lexemes that match unrelated text; the exact
    -- skills overlap below finds those people instead
    continue when v_term <> all(coalesce(p_skills, '{}')) and (cardinality(v_skills) > 0 or cardinality(v_categories) > 0);
    continue when length(regexp_replace(lower(v_term), '[^a-z]', '', 'g')) < 4;
    v_retrieve := case when v_retrieve is null then websearch_to_tsquery('english'::regconfig, v_term)
      else v_retrieve || websearch_to_tsquery('english'::regconfig, v_term) end;
  end loop;

  -- nothing recognised and the words match nothing as typed: trigram similarity instead
  if cardinality(v_skills) = 0 and cardinality(v_categories) = 0 and v_words is not null
     and not exists (select 1 from public.profiles p
                     where p.account_type = 'professional' and p.search_vector @@ v_retrieve) then
    v_fuzzy := true;
    perform set_config('pg_trgm.word_similarity_threshold', '0.45', true);
  end if;

  -- stage 1: every candidate, scored on everything but text relevance, with plain expressions
  -- only (skills are compared as '|name|' inside one lower-case string, unrolled for up to 12
  -- requested skills and 6 must-haves), so 2,000 candidates cost milliseconds.
  with matched_ids as (
    -- everyone who lists a requested skill or matches the text (or everyone, when the request
    -- names neither skills, words nor categories), narrowed by place
    select p.id
    from public.profiles p
    where p.account_type = 'professional'
      and (
        (v_retrieve is null and cardinality(v_categories) = 0 and cardinality(v_skills) = 0)
        or (cardinality(v_skills) > 0 and p.skills && p_skills)
        or (not v_fuzzy and v_retrieve is not null and p.search_vector @@ v_retrieve)
        or (v_fuzzy and lower(v_words) operator(extensions.<%) p.search_text)
      )
      and (not v_any_place
        or split_part(lower(p.location), ',', 1) = any(v_towns || v_nearby)
        or (coalesce(p_remote, false) and p.works_remotely))
      and (not coalesce(p_verified_only, false) or p.verified)
  ),
  category_ids as (
    -- plus the best-reviewed 500 of the requested categories who list none of the skills, so a
    -- request for a role ("a tester in Leeds") is answered and ranking stays fast on a large
    -- category (a fifth of the marketplace are developers)
    select p.id
    from public.profiles p
    where cardinality(v_categories) > 0
      and p.account_type = 'professional'
      and p.categories && v_categories
      and (not v_any_place
        or split_part(lower(p.location), ',', 1) = any(v_towns || v_nearby)
        or (coalesce(p_remote, false) and p.works_remotely))
      and (not coalesce(p_verified_only, false) or p.verified)
    order by p.rating desc, p.review_count desc, p.id
    limit 500
  ),
  candidates as (
    select p.id, p.title, p.location, p.works_remotely, p.categories, p.hourly_rate_min,
      p.rating, p.review_count, p.verified, p.availability, p.response_time, p.completion_rate,
      '|' || lower(array_to_string(p.skills, '|')) || '|' as skill_key
    from public.profiles p
    where p.id in (select m.id from matched_ids m union select c.id from category_ids c)
  ),
  parts as (
    select c.id, c.title, c.rating,
      case when cardinality(v_skills) = 0 then null else (
          (case when strpos(c.skill_key, v_skill_keys[1]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[2]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[3]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[4]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[5]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[6]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[7]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[8]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[9]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[10]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[11]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_skill_keys[12]) > 0 then 1 else 0 end)
        )::numeric / least(cardinality(v_skills), 12) end as skills_fit,
      (
          (case when strpos(c.skill_key, v_must_keys[1]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_must_keys[2]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_must_keys[3]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_must_keys[4]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_must_keys[5]) > 0 then 1 else 0 end)
          + (case when strpos(c.skill_key, v_must_keys[6]) > 0 then 1 else 0 end)
      ) as must_present,
      case when cardinality(v_categories) = 0 then null
        when c.categories[1] = v_categories[1] then 1
        when c.categories[1] = any(v_categories) then 0.8
        when c.categories && v_categories then 0.6
        else 0 end as category_fit,
      case
        when split_part(lower(c.location), ',', 1) = any(v_towns) then 1
        when split_part(lower(c.location), ',', 1) = any(v_nearby) then 0.7
        when coalesce(p_remote, false) and c.works_remotely then case when v_any_place then 0.6 else 1 end
        when v_any_place or coalesce(p_remote, false) then 0.3
        else null end as location_fit,
      case when p_budget_hourly is null or c.hourly_rate_min is null then null
        when c.hourly_rate_min <= p_budget_hourly * case when p_budget_approximate then 1.1 else 1 end then 1
        else greatest(0, 1 - (c.hourly_rate_min - p_budget_hourly)::numeric / (p_budget_hourly * 0.5)) end as rate_fit,
      case when p_seniority is null then null
        else 1 - least(1, abs(
          (case p_seniority when 'junior' then 0 when 'mid' then 1 when 'senior' then 2 else 3 end)
          - (case when c.title ~* '\m(lead|principal|head|cto)\M' then 3
                  when c.title ~* '\msenior\M' then 2
                  when c.title ~* '\mjunior\M' then 0 else 1 end)) * 0.5) end as seniority_fit,
      ((c.rating * c.review_count + 4.0 * 3) / (c.review_count + 3)) / 5 as rating_fit,
      case c.availability when 'available' then 1
        when 'busy' then case when p_start_soon then 0.2 else 0.4 end else 0 end as availability_fit,
      coalesce(c.completion_rate, 80) / 100.0 as completion_fit,
      case c.response_time when 'within 1 hour' then 1 when 'within 2 hours' then 0.85
        when 'within 4 hours' then 0.7 when 'same day' then 0.55 when 'within 24 hours' then 0.4
        else 0.3 end as response_fit,
      case when c.verified then 1 else 0 end as verification_fit
    from candidates c
  ),
  prescored as (
    select x.*,
      cardinality(v_must_keys) - x.must_present as missing_must_count,
      coalesce(w_skills * x.skills_fit, 0) + coalesce(w_category * x.category_fit, 0)
        + coalesce(w_location * x.location_fit, 0) + coalesce(w_rate * x.rate_fit, 0)
        + coalesce(w_seniority * x.seniority_fit, 0) + w_rating * x.rating_fit
        + w_availability * x.availability_fit + w_completion * x.completion_fit
        + w_response * x.response_fit + w_verification * x.verification_fit as partial,
      w_rating + w_availability + w_completion + w_response + w_verification
        + case when x.skills_fit is null then 0 else w_skills end
        + case when x.category_fit is null then 0 else w_category end
        + case when x.location_fit is null then 0 else w_location end
        + case when x.rate_fit is null then 0 else w_rate end
        + case when x.seniority_fit is null then 0 else w_seniority end
        + case when v_tsquery is null and not v_fuzzy then 0 else w_relevance end as weight_total
    from parts x
  ),
  -- stage 2: text relevance (ts_rank_cd reads the whole tsvector) and, when the request carries
  -- an embedding, semantic similarity, for the best 150 only; they carry about 11% and 10% of
  -- the weight, so little below them could climb into the top ten
  shortlist as (
    select s.* from prescored s
    order by s.partial * power(w_must_penalty, s.missing_must_count) desc, s.id limit 150
  ),
  blended as (
    select s.*, r.relevance, r.semantic,
      (s.partial + coalesce(w_relevance * r.relevance, 0) + coalesce(w_semantic * r.semantic, 0))
        / (s.weight_total + case when r.semantic is null then 0 else w_semantic end)
        * power(w_must_penalty, s.missing_must_count) as score
    from shortlist s
    cross join lateral (
      select case when v_tsquery is null and not v_fuzzy then null
        when v_fuzzy then extensions.word_similarity(lower(v_words), p.search_text)
        else least(1, ts_rank_cd(p.search_vector, v_tsquery, 32) * 2) end as relevance,
        case when p_embedding is null then null else (
          select greatest(0, public.embedding_cosine(e.embedding, p_embedding))
          from public.profile_embeddings e
          where e.profile_id = s.id and (p_embedding_model is null or e.model = p_embedding_model)
        ) end as semantic
      from public.profiles p where p.id = s.id
    ) r
  ),
  best as (
    select b.* from blended b order by b.score desc, b.rating desc, b.id limit 50
  ),
  -- diversity: each earlier, better-scored profile with the same job title (rank words aside)
  -- costs a little, so the top ten are not ten near-copies
  diversified as (
    select b.*,
      b.score - w_duplicate * (row_number() over (
        partition by lower(regexp_replace(coalesce(b.title, ''), '^(junior|senior|lead|principal)\s+', '', 'i'))
        order by b.score desc, b.id) - 1) as final_score
    from best b
  ),
  top as (
    select d.*, row_number() over (order by d.final_score desc, d.rating desc, d.id) as position
    from diversified d order by d.final_score desc, d.rating desc, d.id limit v_limit
  )
  select jsonb_build_object(
    'total', (select count(*) from candidates),
    'items', coalesce((
      select jsonb_agg(public.with_semantic(public.match_explanation(
          to_jsonb(p) || jsonb_build_object(
            'score', t.final_score, 'relevance', t.relevance, 'skills_fit', t.skills_fit,
            'category_fit', t.category_fit, 'location_fit', t.location_fit, 'rate_fit', t.rate_fit,
            'seniority_fit', t.seniority_fit, 'rating_fit', t.rating_fit,
            'availability_fit', t.availability_fit, 'completion_fit', t.completion_fit,
            'response_fit', t.response_fit, 'verification_fit', t.verification_fit),
          coalesce(p_skills, '{}'), coalesce(p_must_have, '{}'), p_towns, p_nearby,
          coalesce(p_remote, false), p_budget_hourly, p_budget_unit, v_categories, p_start_soon),
          t.semantic)
        order by t.position)
      from top t join public.profiles p on p.id = t.id), '[]'::jsonb)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer, real[], text) is
  'Ranked, explained professionals for a parsed plain-English request (see shared/src/matching): full-text and category retrieval narrowed by place, trigram fallback for typos, a weighted score (public.match_weights) with diversity in the top results, and plain-English reasons and gaps per match. p_embedding (the request embedded by the match-professionals function, model p_embedding_model) adds semantic similarity to profile_embeddings when given. Security definer: reads only professional profiles and returns only their public card columns, what profiles_select_public shows anyone.';

revoke all on function public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer, real[], text) from public;
grant execute on function public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer, real[], text)
  to anon, authenticated, service_role;
grant execute on function public.match_weights() to anon, authenticated, service_role;
