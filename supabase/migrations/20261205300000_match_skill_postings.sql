-- match_professionals without reading every profile for a broad request. a request for common
-- skills and no place ("CI/CD, GitHub Actions and Docker") retrieved everyone listing one of them:
-- at 100,000 professionals about 11,200 rows, a sequential scan of all ~22,500 pages of profiles
-- and the scoring of every one, 230-460 ms (bench/scale-100k.ts), growing with the marketplace.
--
-- match_skill_postings lists, per skill (lower case), the professionals who list it with their
-- prior: the part of the score that does not depend on the request (rating, availability,
-- completion, response time, verification, as public.match_prior weighs them). a request without
-- a place now first takes, per requested skill, the K professionals with the highest prior from
-- its index, and ranks only those (with the best-reviewed of the category, as before). that is
-- exact, not a sample: anyone it leaves out lists a requested skill yet is below the K-th prior of
-- each skill they list, so their stage-1 score is at most (every request-dependent weight at full
-- marks) + (the largest K-th prior); anyone retrieved by text alone lists none of the skills and
-- scores at most (the same without the skills' weight) + (the highest prior there can be). when the
-- 150th best of those taken scores above both bounds, the shortlist (and so everything ranked and
-- explained from it) is exactly what the full retrieval gives; otherwise the full retrieval runs
-- as before. see docs/decisions/0227-bounded-candidates-for-broad-matching.md.

-- the request-independent part of match_professionals' stage-1 score, with the weights of
-- public.match_weights (busy counts 0.4 here: a request to start soon gives it 0.2, never more)
create or replace function public.match_prior(
  p_rating numeric, p_review_count integer, p_availability text, p_completion_rate integer,
  p_response_time text, p_verified boolean)
returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (w->>'rating')::numeric * ((p_rating * p_review_count + 4.0 * 3) / (p_review_count + 3)) / 5
    + (w->>'availability')::numeric * case p_availability when 'available' then 1 when 'busy' then 0.4 else 0 end
    + (w->>'completion')::numeric * (coalesce(p_completion_rate, 80) / 100.0)
    + (w->>'response')::numeric * case p_response_time when 'within 1 hour' then 1
        when 'within 2 hours' then 0.85 when 'within 4 hours' then 0.7 when 'same day' then 0.55
        when 'within 24 hours' then 0.4 else 0.3 end
    + (w->>'verification')::numeric * case when p_verified then 1 else 0 end
  from (select public.match_weights() as w) x;
$$;
comment on function public.match_prior(numeric, integer, text, integer, text, boolean) is
  'The part of match_professionals'' stage-1 score that does not depend on the request, as stored in match_skill_postings.prior. When match_weights changes, match_skill_postings must be rebuilt in the same migration.';
revoke all on function public.match_prior(numeric, integer, text, integer, text, boolean) from public, anon, authenticated;
grant execute on function public.match_prior(numeric, integer, text, integer, text, boolean) to service_role;

create table if not exists public.match_skill_postings (
  -- no foreign key: the data export walks foreign keys to profiles, and this copy is not the
  -- user's data; deletes are a trigger, as for search_cards
  skill text not null,
  id uuid not null,
  prior numeric not null,
  primary key (skill, id)
);
alter table public.match_skill_postings enable row level security;
revoke all on public.match_skill_postings from public, anon, authenticated;
comment on table public.match_skill_postings is
  'One row per professional (account type professional) and skill they list (lower case), with their match_prior: match_professionals takes the K best-prior holders of each requested skill from it. Copied from profiles by the profiles_match_postings_* triggers. No policy: only security definer functions read it.';
create index if not exists match_skill_postings_prior_idx
  on public.match_skill_postings (skill, prior desc, id);
create index if not exists match_skill_postings_id_idx on public.match_skill_postings (id);

create or replace function public.profiles_sync_match_postings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    delete from public.match_skill_postings m using old_rows o where m.id = o.id;
    return null;
  end if;
  -- skills no longer listed, and everyone no longer a professional
  delete from public.match_skill_postings m
  using new_rows n
  where m.id = n.id and (n.account_type <> 'professional'
    or m.skill <> all(array(select lower(s) from unnest(n.skills) s)));
  insert into public.match_skill_postings as m (skill, id, prior)
  select distinct lower(s), n.id, public.match_prior(n.rating, n.review_count, n.availability,
    n.completion_rate, n.response_time, n.verified)
  from new_rows n cross join lateral unnest(n.skills) s
  where n.account_type = 'professional'
  on conflict (skill, id) do update set prior = excluded.prior
  where m.prior is distinct from excluded.prior;
  return null;
end;
$$;
comment on function public.profiles_sync_match_postings() is
  'Statement trigger on profiles: keeps match_skill_postings (each professional''s skills, lower case, with their match_prior) in step with the written rows.';
revoke all on function public.profiles_sync_match_postings() from public, anon, authenticated;

drop trigger if exists profiles_match_postings_insert on public.profiles;
create trigger profiles_match_postings_insert
  after insert on public.profiles
  referencing new table as new_rows
  for each statement execute function public.profiles_sync_match_postings();
drop trigger if exists profiles_match_postings_update on public.profiles;
create trigger profiles_match_postings_update
  after update on public.profiles
  referencing new table as new_rows
  for each statement execute function public.profiles_sync_match_postings();
drop trigger if exists profiles_match_postings_delete on public.profiles;
create trigger profiles_match_postings_delete
  after delete on public.profiles
  referencing old table as old_rows
  for each statement execute function public.profiles_sync_match_postings();

insert into public.match_skill_postings (skill, id, prior)
select distinct lower(s), p.id, public.match_prior(p.rating, p.review_count, p.availability,
  p.completion_rate, p.response_time, p.verified)
from public.profiles p cross join lateral unnest(p.skills) s
where p.account_type = 'professional'
on conflict (skill, id) do nothing;
analyze public.match_skill_postings;

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
  p_embedding_model text default null,
  p_context text[] default '{}',
  p_distance_km jsonb default null
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
  v_context text[] := (select coalesce(array_agg(distinct lower(s)), '{}') from unnest(coalesce(p_context, '{}')) s where length(trim(s)) > 0 and lower(s) <> all(array(select lower(x) from unnest(coalesce(p_skills, '{}')) x)));
  v_context_keys text[];
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
  -- a named town (distances given) makes place a larger part of the score than a region does
  w_location numeric := (w->>case when p_distance_km is null then 'location' else 'location_named_town' end)::numeric;
  w_context numeric := (w->>'context')::numeric;
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
  -- a request without a place ranks, per requested skill, the K highest-prior holders first
  -- (match_skill_postings); v_ids are those, v_bound the most anyone left out could score
  v_k constant integer := 600;
  v_ids uuid[];
  v_bound numeric;
  v_kth numeric[];
  v_holders bigint;
begin
  if cardinality(coalesce(p_skills, '{}')) > 20 or cardinality(coalesce(p_keywords, '{}')) > 20 then
    raise exception 'Too many skills or words in one request (20 at most).' using errcode = '22023';
  end if;
  if cardinality(coalesce(p_context, '{}')) > 20 then
    raise exception 'Too many context skills in one request (20 at most).' using errcode = '22023';
  end if;
  if p_distance_km is not null and (jsonb_typeof(p_distance_km) <> 'object'
     or (select count(*) from jsonb_object_keys(p_distance_km)) > 500
     or exists (select 1 from jsonb_each(p_distance_km) d where jsonb_typeof(d.value) <> 'number')) then
    raise exception 'Distances must be an object of town names to kilometres (500 at most).' using errcode = '22023';
  end if;
  if cardinality(coalesce(p_embedding, '{}')) > 4096 then
    raise exception 'The request embedding is too long (4,096 dimensions at most).' using errcode = '22023';
  end if;
  v_any_place := cardinality(v_towns) > 0;
  v_skill_keys := array(select '|' || s || '|' from unnest(v_skills) s limit 12);
  v_must_keys := array(select '|' || s || '|' from unnest(v_must) s limit 6);
  v_context_keys := array(select '|' || s || '|' from unnest(v_context) s limit 6);

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

  -- a request naming skills and no place: the K best-prior holders of each skill (the index of
  -- match_skill_postings) and the most anyone not taken could score in stage 1. someone not taken
  -- lists none of the skills (then at most the highest prior there can be), or only skills with
  -- at least K holders and is below the K-th prior of each: listing m of them, at most their
  -- share of the skills' weight plus the m-th highest of those K-th priors.
  -- only when the rest of the score does not depend on the request (no place, remote work,
  -- budget or seniority): each of those, counted at full marks for everyone left out, makes the
  -- bound too loose to hold, and the candidates would be scored twice
  if cardinality(v_skills) > 0 and not v_any_place and not coalesce(p_remote, false)
     and p_budget_hourly is null and p_seniority is null and not coalesce(p_verified_only, false) then
    v_ids := array(
      select distinct t.id from unnest(v_skills) s
      cross join lateral (select m.id from public.match_skill_postings m
                          where m.skill = s order by m.prior desc, m.id limit v_k) t);
    v_kth := array(
      select k.prior from unnest(v_skills) s
      cross join lateral (select m.prior from public.match_skill_postings m
                          where m.skill = s order by m.prior desc, m.id offset v_k - 1 limit 1) k
      order by k.prior desc);
    v_bound := w_rating + w_availability + w_completion + w_response + w_verification;
    for i in 1 .. cardinality(v_kth) loop
      v_bound := greatest(v_bound,
        w_skills * least(1, i::numeric / least(cardinality(v_skills), 12)) + v_kth[i]);
    end loop;
    -- the other request-dependent parts at full marks
    v_bound := v_bound
      + case when cardinality(v_categories) > 0 then w_category else 0 end
      + case when cardinality(v_context_keys) > 0 then w_context else 0 end
      -- the prior is stored rounded differently from the sum below
      + 0.000000001;
    -- the count the page shows ("of N professionals considered"): from the index alone
    v_holders := (select count(distinct m.id) from public.match_skill_postings m
                  where m.skill = any(v_skills));
  end if;

  <<rank>>
  loop
    -- stage 1: every candidate, scored on everything but text relevance, with plain expressions
    -- only (skills are compared as '|name|' inside one lower-case string, unrolled for up to 12
    -- requested skills and 6 must-haves), so 2,000 candidates cost milliseconds.
    with candidates as (
      -- everyone who lists a requested skill or matches the text (or everyone, when the request
      -- names neither skills, words nor categories), narrowed by place, with the columns scoring
      -- needs read in the same pass
      select p.id, p.title, p.location, p.works_remotely, p.categories, p.hourly_rate_min,
        p.rating, p.review_count, p.verified, p.availability, p.response_time, p.completion_rate,
        '|' || lower(array_to_string(p.skills, '|')) || '|' as skill_key
      -- (with bounded candidates, those among v_ids: one look-up by key each)
      from (select null::uuid as id where v_ids is null
            union all select unnest(v_ids)) i
      join public.profiles p on v_ids is null or p.id = i.id
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
      union
      -- plus the best-reviewed 500 of the requested categories who list none of the skills, so a
      -- request for a role ("a tester in Leeds") is answered and ranking stays fast on a large
      -- category (a fifth of the marketplace are developers)
      (select p.id, p.title, p.location, p.works_remotely, p.categories, p.hourly_rate_min,
        p.rating, p.review_count, p.verified, p.availability, p.response_time, p.completion_rate,
        '|' || lower(array_to_string(p.skills, '|')) || '|' as skill_key
      from public.profiles p
      where cardinality(v_categories) > 0
        and p.account_type = 'professional'
        and p.categories && v_categories
        and (not v_any_place
          or split_part(lower(p.location), ',', 1) = any(v_towns || v_nearby)
          or (coalesce(p_remote, false) and p.works_remotely))
        and (not coalesce(p_verified_only, false) or p.verified)
      order by p.rating desc, p.review_count desc, p.id
      limit 500)
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
        -- skills the request mentions as context (tools in use, the audit ahead): a small share
        case when cardinality(v_context_keys) = 0 then null else (
            (case when strpos(c.skill_key, v_context_keys[1]) > 0 then 1 else 0 end)
            + (case when strpos(c.skill_key, v_context_keys[2]) > 0 then 1 else 0 end)
            + (case when strpos(c.skill_key, v_context_keys[3]) > 0 then 1 else 0 end)
            + (case when strpos(c.skill_key, v_context_keys[4]) > 0 then 1 else 0 end)
            + (case when strpos(c.skill_key, v_context_keys[5]) > 0 then 1 else 0 end)
            + (case when strpos(c.skill_key, v_context_keys[6]) > 0 then 1 else 0 end)
          )::numeric / cardinality(v_context_keys) end as context_fit,
        case when cardinality(v_categories) = 0 then null
          when c.categories[1] = v_categories[1] then 1
          when c.categories[1] = any(v_categories) then 0.8
          when c.categories && v_categories then 0.6
          else 0 end as category_fit,
        -- in the named town 1; elsewhere in its region falling with distance from the town (0.7 at
        -- the town's edge, 0.3 at 100 km), or 0.7 when no town was named; remote-friendly people
        -- elsewhere 0.6 when the request allows remote work (1 when it names no place)
        case
          when split_part(lower(c.location), ',', 1) = any(v_towns) then 1
          when split_part(lower(c.location), ',', 1) = any(v_nearby) then greatest(
            coalesce(greatest(0.1, 0.7 - 0.004 * (p_distance_km->>split_part(lower(c.location), ',', 1))::numeric), 0.7),
            case when coalesce(p_remote, false) and c.works_remotely then 0.6 else 0 end)
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
          + coalesce(w_seniority * x.seniority_fit, 0) + coalesce(w_context * x.context_fit, 0)
          + w_rating * x.rating_fit
          + w_availability * x.availability_fit + w_completion * x.completion_fit
          + w_response * x.response_fit + w_verification * x.verification_fit as partial,
        w_rating + w_availability + w_completion + w_response + w_verification
          + case when x.skills_fit is null then 0 else w_skills end
          + case when x.category_fit is null then 0 else w_category end
          + case when x.location_fit is null then 0 else w_location end
          + case when x.rate_fit is null then 0 else w_rate end
          + case when x.seniority_fit is null then 0 else w_seniority end
          + case when x.context_fit is null then 0 else w_context end
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
    -- the bounded candidates are exact when the 150th of the shortlist beats anyone left out
    exact as (
      select v_ids is null or (count(*) = 150
        and min(s.partial * power(w_must_penalty, s.missing_must_count)) > v_bound) as ok
      from shortlist s
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
    select case when (select e.ok from exact e) then jsonb_build_object(
      -- with bounded candidates: everyone who lists a requested skill, plus the category's
      -- best-reviewed who list none
      'total', case when v_ids is null then (select count(*) from candidates)
        else v_holders + (select count(*) from candidates c
          where not exists (select 1 from unnest(v_skills) s where strpos(c.skill_key, '|' || s || '|') > 0)) end,
      'items', coalesce((
        select jsonb_agg(public.with_semantic(public.match_explanation(
            to_jsonb(p) || jsonb_build_object(
              'score', t.final_score, 'relevance', t.relevance, 'skills_fit', t.skills_fit,
              'category_fit', t.category_fit, 'location_fit', t.location_fit, 'rate_fit', t.rate_fit,
              'seniority_fit', t.seniority_fit, 'rating_fit', t.rating_fit,
              'availability_fit', t.availability_fit, 'completion_fit', t.completion_fit,
              'response_fit', t.response_fit, 'verification_fit', t.verification_fit,
              'context_fit', t.context_fit),
            coalesce(p_skills, '{}'), coalesce(p_must_have, '{}'), p_towns, p_nearby,
            coalesce(p_remote, false), p_budget_hourly, p_budget_unit, v_categories, p_start_soon,
            coalesce(p_context, '{}'), p_distance_km),
            t.semantic)
          order by t.position)
        from top t join public.profiles p on p.id = t.id), '[]'::jsonb)
    ) end into v_result;
    exit rank when v_result is not null;
    -- not provably exact: every candidate, as before
    v_ids := null;
  end loop rank;
  return v_result;
end;
$$;
comment on function public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer, real[], text, text[], jsonb) is
  'Ranked, explained professionals for a parsed plain-English request (see shared/src/matching): full-text and category retrieval narrowed by place, trigram fallback for typos, a weighted score (public.match_weights) with diversity in the top results, and plain-English reasons and gaps per match. p_skills are the main need; p_context skills mentioned as context count for little. p_distance_km (town to kilometres from the named town) ranks the region by distance. p_embedding (the request embedded by the match-professionals function, model p_embedding_model) adds semantic similarity to profile_embeddings when given. Security definer: reads only professional profiles and returns only their public card columns, what profiles_select_public shows anyone.';

revoke all on function public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer, real[], text, text[], jsonb) from public;
grant execute on function public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer, real[], text, text[], jsonb)
  to anon, authenticated, service_role;
grant execute on function public.match_weights() to anon, authenticated, service_role;
