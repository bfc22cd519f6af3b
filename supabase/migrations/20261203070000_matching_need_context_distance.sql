-- matching that tells the main need from context and counts distance.
-- match_professionals takes two more arguments: p_context, the skills the request mentions only
-- as context (the tools in use, the audit ahead, nice-to-haves; shared/src/matching parses them
-- apart from p_skills, the main need), which count as a small component of their own and never
-- retrieve anyone; and p_distance_km, kilometres from the named town to each gazetteer town
-- (computed in the browser from town coordinates), so that elsewhere in the region counts less
-- the further away it is and the explanation says how far. when a town is named, place weighs
-- 'location_named_town' instead of 'location' (public.match_weights). match_explanation says
-- which skills answer the main need and which the context, and the distance.
-- the old signatures are dropped (arguments are passed by name, so callers are unaffected).

drop function if exists public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer, real[], text);
drop function if exists public.match_explanation(jsonb, text[], text[], text[], text[], boolean, integer, text, text[], boolean);

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
    'semantic', 0.10,
    -- in place of 'location' when the request names a town (and so carries distances): being in
    -- the town, or near it, then counts about as much as the category does
    'location_named_town', 0.22,
    -- share of the skills the request mentions only as context that the professional lists
    'context', 0.04
  );
$$;

create or replace function public.match_explanation(p_row jsonb, p_skills text[], p_must_have text[], p_towns text[], p_nearby text[], p_remote boolean, p_budget_hourly integer, p_budget_unit text, p_categories text[], p_start_soon boolean, p_context text[], p_distance_km jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_names constant jsonb := jsonb_build_object(
    'software-development', 'Software Development', 'devops-infrastructure', 'DevOps & Infrastructure',
    'database-management', 'Database Management', 'ux-ui-design', 'UX/UI Design',
    'business-analysis', 'Business Analysis', 'project-management', 'Project Management',
    'cybersecurity', 'Cybersecurity', 'cloud-services', 'Cloud Services',
    'system-administration', 'System Administration', 'it-consulting', 'IT Consulting',
    'ai-machine-learning', 'AI & Machine Learning', 'quality-assurance', 'Quality Assurance');
  v_reasons text[] := '{}';
  v_missing text[] := '{}';
  v_has text[] := array(select lower(s) from jsonb_array_elements_text(p_row->'skills') s);
  v_matched text[] := array(select s from jsonb_array_elements_text(p_row->'skills') s
    where lower(s) in (select lower(x) from unnest(p_skills) x));
  v_lacking text[] := array(select s from unnest(p_skills) s where lower(s) <> all(v_has));
  v_lacking_must text[] := array(select s from unnest(p_must_have) s where lower(s) <> all(v_has));
  v_categories text[] := array(select jsonb_array_elements_text(p_row->'categories'));
  v_town text := coalesce(p_row->>'location', 'an unstated location');
  v_min integer := (p_row->>'hourly_rate_min')::integer;
  v_max integer := (p_row->>'hourly_rate_max')::integer;
  v_rate text;
  v_category text;
  v_reviews integer := coalesce((p_row->>'review_count')::integer, 0);
  v_context_known text[] := array(select s from jsonb_array_elements_text(p_row->'skills') s
    where lower(s) in (select lower(x) from unnest(coalesce(p_context, '{}')) x)
      and lower(s) not in (select lower(x) from unnest(coalesce(p_skills, '{}')) x));
  v_km numeric := (p_distance_km->>split_part(lower(coalesce(p_row->>'location', '')), ',', 1))::numeric;
  v_from text := case when cardinality(coalesce(p_towns, '{}')) = 1 then p_towns[1] else 'the nearest place you named' end;
  v_away text := case when v_km is null then null
    when v_km < 1 then null else format('%s km from %s', round(v_km), v_from) end;
begin
  -- skills
  if cardinality(v_matched) > 0 then
    v_reasons := v_reasons || case when cardinality(v_lacking) = 0
      then format('Has every skill your main need asks for: %s.', array_to_string(v_matched, ', '))
      else format('Has %s of the %s skills your main need asks for: %s.', cardinality(v_matched),
        cardinality(v_matched) + cardinality(v_lacking), array_to_string(v_matched, ', ')) end;
  end if;
  if cardinality(v_context_known) > 0 then
    v_reasons := v_reasons || format('Also knows %s, which you mentioned as context.',
      array_to_string(v_context_known, ', '));
  end if;
  if cardinality(v_lacking_must) > 0 then
    v_missing := v_missing || format('Does not list your must-have %s.', array_to_string(v_lacking_must, ', '));
  end if;
  v_lacking := array(select s from unnest(v_lacking) s where s <> all(v_lacking_must));
  if cardinality(v_lacking) > 0 then
    v_missing := v_missing || format('Does not list %s.', array_to_string(v_lacking, ', '));
  end if;
  -- category
  select string_agg(v_names->>c, ' and ') into v_category
    from unnest(v_categories) c where c = any(coalesce(p_categories, '{}'));
  if v_category is not null then
    v_reasons := v_reasons || format('Works in %s.', v_category);
  elsif cardinality(coalesce(p_categories, '{}')) > 0 then
    v_missing := v_missing || format('Mainly works in %s rather than %s.',
      coalesce(v_names->>v_categories[1], 'another field'), v_names->>p_categories[1]);
  end if;
  -- location
  if split_part(lower(v_town), ',', 1) = any(array(select lower(t) from unnest(coalesce(p_towns, '{}')) t)) then
    v_reasons := v_reasons || format('Based in %s.', v_town);
  elsif split_part(lower(v_town), ',', 1) = any(array(select lower(t) from unnest(coalesce(p_nearby, '{}')) t)) then
    v_reasons := v_reasons || case when v_away is null
      then format('Based in %s, in the same region as %s.', v_town, p_towns[1])
      else format('Based in %s, %s, in the same region.', v_town, v_away) end;
  elsif p_remote and (p_row->>'works_remotely')::boolean then
    v_reasons := v_reasons || case when v_away is null
      then format('Works remotely (based in %s).', v_town)
      else format('Works remotely (based in %s, %s).', v_town, v_away) end;
  elsif cardinality(coalesce(p_towns, '{}')) > 0 or p_remote then
    v_missing := v_missing || case when v_away is null
      then format('Based in %s and works on site only.', v_town)
      else format('Based in %s, %s, and works on site only.', v_town, v_away) end;
  end if;
  -- rate against the budget, in the unit the budget was given in
  if v_min is not null then
    v_rate := case when p_budget_unit = 'day'
      then format('£%s–£%s a day (£%s–£%s an hour)', round(v_min * 7.5), round(coalesce(v_max, v_min) * 7.5), v_min, coalesce(v_max, v_min))
      else format('£%s–£%s an hour', v_min, coalesce(v_max, v_min)) end;
    if p_budget_hourly is null then
      null;
    elsif v_min <= p_budget_hourly then
      v_reasons := v_reasons || format('Rate %s, within your budget.', v_rate);
    elsif v_min <= p_budget_hourly * 1.1 then
      v_reasons := v_reasons || format('Rate %s, just above your budget.', v_rate);
    else
      v_missing := v_missing || format('Rate %s, above your budget.', v_rate);
    end if;
  end if;
  -- availability
  case p_row->>'availability'
    when 'available' then v_reasons := v_reasons || 'Available now.'::text;
    when 'busy' then v_missing := v_missing || case when p_start_soon
      then 'Busy at the moment, so may not start as soon as you need.' else 'Busy at the moment; may start later.' end;
    else v_missing := v_missing || 'Not taking new work at the moment.'::text;
  end case;
  -- track record
  if v_reviews > 0 then
    v_reasons := v_reasons || format('Rated %s/5 from %s %s.', round((p_row->>'rating')::numeric, 1),
      v_reviews, case when v_reviews = 1 then 'review' else 'reviews' end);
  end if;
  if (p_row->>'verified')::boolean then
    v_reasons := v_reasons || 'Verified professional.'::text;
  end if;

  return jsonb_build_object(
    'id', p_row->'id', 'name', p_row->'name', 'title', p_row->'title', 'location', p_row->'location',
    'works_remotely', p_row->'works_remotely', 'skills', p_row->'skills', 'categories', p_row->'categories',
    'hourly_rate_min', p_row->'hourly_rate_min', 'hourly_rate_max', p_row->'hourly_rate_max',
    'rating', p_row->'rating', 'review_count', p_row->'review_count', 'verified', p_row->'verified',
    'availability', p_row->'availability', 'response_time', p_row->'response_time',
    'completion_rate', p_row->'completion_rate', 'avatar_url', p_row->'avatar_url',
    'description', left(p_row->>'description', 280),
    'score', round((p_row->>'score')::numeric * 100),
    'matched_skills', to_jsonb(v_matched), 'missing_skills', to_jsonb(v_lacking),
    'reasons', to_jsonb(v_reasons), 'missing', to_jsonb(v_missing),
    'components', jsonb_strip_nulls(jsonb_build_object(
      'skills', p_row->'skills_fit', 'category', p_row->'category_fit', 'relevance', p_row->'relevance',
      'location', p_row->'location_fit', 'rate', p_row->'rate_fit', 'seniority', p_row->'seniority_fit',
      'rating', p_row->'rating_fit', 'availability', p_row->'availability_fit',
      'completion', p_row->'completion_fit', 'response', p_row->'response_fit',
      'verification', p_row->'verification_fit', 'context', p_row->'context_fit'))
  );
end;
$$;
-- new functions are executable by anon and authenticated by default here: the helper is not
revoke all on function public.match_explanation(jsonb, text[], text[], text[], text[], boolean, integer, text, text[], boolean, text[], jsonb) from public, anon, authenticated;
grant execute on function public.match_explanation(jsonb, text[], text[], text[], text[], boolean, integer, text, text[], boolean, text[], jsonb) to service_role;
comment on function public.match_explanation(jsonb, text[], text[], text[], text[], boolean, integer, text, text[], boolean, text[], jsonb) is
  'Plain-English reasons (skills of the main need, skills mentioned as context, category, location with distance, rate against budget, availability, rating, verification) and gaps (missing skills and must-haves, rate over budget, availability) for one scored match, plus its public card fields. Used by match_professionals.';

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
            'response_fit', t.response_fit, 'verification_fit', t.verification_fit,
            'context_fit', t.context_fit),
          coalesce(p_skills, '{}'), coalesce(p_must_have, '{}'), p_towns, p_nearby,
          coalesce(p_remote, false), p_budget_hourly, p_budget_unit, v_categories, p_start_soon,
          coalesce(p_context, '{}'), p_distance_km),
          t.semantic)
        order by t.position)
      from top t join public.profiles p on p.id = t.id), '[]'::jsonb)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer, real[], text, text[], jsonb) is
  'Ranked, explained professionals for a parsed plain-English request (see shared/src/matching): full-text and category retrieval narrowed by place, trigram fallback for typos, a weighted score (public.match_weights) with diversity in the top results, and plain-English reasons and gaps per match. p_skills are the main need; p_context skills mentioned as context count for little. p_distance_km (town to kilometres from the named town) ranks the region by distance. p_embedding (the request embedded by the match-professionals function, model p_embedding_model) adds semantic similarity to profile_embeddings when given. Security definer: reads only professional profiles and returns only their public card columns, what profiles_select_public shows anyone.';

revoke all on function public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer, real[], text, text[], jsonb) from public;
grant execute on function public.match_professionals(text[], text[], text[], text[], text[], text[], boolean, integer, boolean, text, text, boolean, boolean, integer, real[], text, text[], jsonb)
  to anon, authenticated, service_role;
grant execute on function public.match_weights() to anon, authenticated, service_role;
