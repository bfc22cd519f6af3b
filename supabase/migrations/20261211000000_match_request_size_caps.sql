-- match_professionals is granted to anon and authenticated, so anyone with the public key can call
-- it straight through /rest/v1/rpc, not only through the match-professionals function, which
-- already caps every list. Skills, words and context were capped here; the towns, nearby towns,
-- categories and must-haves were not, and each of them widens the retrieval (a posting lookup
-- per town, a category merge per category). The same caps as the function's now hold in the
-- database, with a 400 and a message saying which list is too long.
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
  -- a wide request (ranked without that proof) takes the K_wide best of each skill: 300 gave the
  -- same held-out quality at 1,000,000 professionals as 600, and 388 of 389 top tens
  v_k_wide constant integer := 300;
  v_ids uuid[];
  v_bound numeric;
  v_kth numeric[];
  v_holders bigint;
  -- a request whose skills more professionals list than this is ranked from the bounded
  -- candidates even when the bound cannot prove them complete (see the comment at exact below)
  v_wide integer := public.match_wide_holders();
  v_approximate boolean := false;
  -- the named and nearby towns, and how many postings of the skills there make a request wide
  v_place text[];
  v_place_wide integer := public.match_place_wide_holders();
  -- v_ids are everything the full retrieval would take (a request with a place, not wide)
  v_complete boolean := false;
  -- the best-reviewed 500 of the requested categories (in the place), from their postings
  v_cat_ids uuid[];
begin
  if cardinality(coalesce(p_skills, '{}')) > 20 or cardinality(coalesce(p_keywords, '{}')) > 20 then
    raise exception 'Too many skills or words in one request (20 at most).' using errcode = '22023';
  end if;
  if cardinality(coalesce(p_categories, '{}')) > 20 or cardinality(coalesce(p_must_have, '{}')) > 20 then
    raise exception 'Too many categories or must-haves in one request (20 at most).' using errcode = '22023';
  end if;
  if cardinality(coalesce(p_towns, '{}')) > 50 or cardinality(coalesce(p_nearby, '{}')) > 200 then
    raise exception 'Too many towns in one request (50 named and 200 nearby at most).' using errcode = '22023';
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
  v_place := v_towns || v_nearby;
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

  -- in a large marketplace a request naming skills retrieves their holders only, not also
  -- everyone whose text mentions a skill: a skill's words ("service", "design", "support") are in
  -- tens of thousands of profiles at a million professionals, and reading them grows with the
  -- data. text relevance still ranks every candidate
  if cardinality(v_skills) > 0 and (select c.reltuples from pg_catalog.pg_class c
      where c.oid = 'public.search_cards'::regclass) >= public.match_text_retrieval_below() then
    v_retrieve := null;
  end if;

  -- a request naming skills and no place: the K best-prior holders of each skill (the index of
  -- match_skill_postings) and the most anyone not taken could score in stage 1. someone not taken
  -- lists none of the skills (then at most the highest prior there can be), or only skills with
  -- at least K holders and is below the K-th prior of each: listing m of them, at most their
  -- share of the skills' weight plus the m-th highest of those K-th priors.
  -- only when the rest of the score does not depend on the request (no place, remote work,
  -- budget or seniority): each of those, counted at full marks for everyone left out, makes the
  -- bound too loose to hold, and the candidates would be scored twice
  if cardinality(v_skills) > 0 and not v_any_place then
    -- whether more than v_wide postings list the skills, reading at most v_wide + 1 of them
    v_approximate := (select count(*) from (select 1 from public.match_skill_postings m
                      where m.skill = any(v_skills) limit v_wide + 1) x) > v_wide;
    if not v_approximate then
      -- the count the page shows ("of N professionals considered"): from the index alone
      v_holders := (select count(distinct m.id) from public.match_skill_postings m
                    where m.skill = any(v_skills));
    end if;
  elsif cardinality(v_skills) > 0 then
    -- a request with a place: how many postings of its skills the place has (and remote workers
    -- have, when remote work is allowed), reading at most v_place_wide + 1 of them from the index
    v_approximate := (select count(*) from (
        select 1 from public.match_skill_postings m
        where m.skill = any(v_skills) and m.town = any(v_place)
        union all
        select 1 from public.match_skill_postings m
        where coalesce(p_remote, false) and m.skill = any(v_skills) and m.remote
        limit v_place_wide + 1) x) > v_place_wide;
    if v_approximate then
      -- wide: per skill, the K best by prior plus the location part of the score (1 in a named
      -- town, by distance in a nearby one, 0.6 for remote work). each town's and the remote
      -- workers' K best are read in prior order from the index, then merged
      v_ids := array(
        select distinct t.id from unnest(v_skills) s(name)
        cross join lateral (
          select y.id from (
            select x.id, x.prior + w_location * f.fit as score
            from unnest(v_place) pt(name)
            cross join lateral (select case when pt.name = any(v_towns) then 1
              else coalesce(greatest(0.1, 0.7 - 0.004 * (p_distance_km->>pt.name)::numeric), 0.7)
              end as fit) f
            cross join lateral (select m.id, m.prior from public.match_skill_postings m
              where m.skill = s.name and m.town = pt.name
              order by m.prior desc, m.id limit v_k_wide) x
            union all
            select x.id, x.prior + w_location * 0.6
            from (select m.id, m.prior from public.match_skill_postings m
              where coalesce(p_remote, false) and m.skill = s.name and m.remote
              order by m.prior desc, m.id limit v_k_wide) x
          ) y order by y.score desc, y.id limit v_k_wide) t);
    else
      -- not wide: exactly the full retrieval's candidates, taken by key (the place's holders of a
      -- skill, remote holders when remote work is allowed, and the place's text matches)
      v_ids := array(
        select m.id from public.match_skill_postings m
        where m.skill = any(v_skills) and m.town = any(v_place)
        union
        select m.id from public.match_skill_postings m
        where coalesce(p_remote, false) and m.skill = any(v_skills) and m.remote
        union
        select p.id from public.profiles p
        where v_retrieve is not null and p.account_type = 'professional'
          and p.search_vector @@ v_retrieve
          and (split_part(lower(p.location), ',', 1) = any(v_place)
            or (coalesce(p_remote, false) and p.works_remotely)));
      v_complete := true;
    end if;
  end if;
  if cardinality(v_skills) > 0 and not v_any_place and (v_approximate or (not coalesce(p_remote, false)
     and p_budget_hourly is null and p_seniority is null and not coalesce(p_verified_only, false))) then
    v_ids := array(
      select distinct t.id from unnest(v_skills) s
      cross join lateral (select m.id from public.match_skill_postings m
                          where m.skill = s order by m.prior desc, m.id limit case when v_approximate then v_k_wide else v_k end) t);
    -- the bound that proves the shortlist complete; a wide request is ranked without it
    if not v_approximate then
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
    end if;
  end if;

  -- the best-reviewed 500 of the requested categories (in the place, or working remotely when
  -- that is allowed): each category's (and town's) best 500 in index order, merged. the same 500
  -- as sorting every member of the categories there
  if cardinality(v_categories) > 0 and v_any_place then
    v_cat_ids := array(
      select z.id from (
        select distinct on (y.id) y.id, y.rating, y.review_count from (
          select b.id, b.rating, b.review_count
          from unnest(v_categories) c(name) cross join unnest(v_place) pt(name)
          cross join lateral (
            select m.id, m.rating, m.review_count from public.match_category_postings m
            where m.category = c.name and m.town = pt.name
              and (not coalesce(p_verified_only, false) or m.verified)
            order by m.rating desc, m.review_count desc, m.id limit 500) b
          union all
          select b.id, b.rating, b.review_count
          from unnest(v_categories) c(name)
          cross join lateral (
            select m.id, m.rating, m.review_count from public.match_category_postings m
            where coalesce(p_remote, false) and m.category = c.name and m.remote
              and (not coalesce(p_verified_only, false) or m.verified)
            order by m.rating desc, m.review_count desc, m.id limit 500) b
        ) y order by y.id
      ) z order by z.rating desc, z.review_count desc, z.id limit 500);
  elsif cardinality(v_categories) > 0 then
    v_cat_ids := array(
      select z.id from (
        select distinct on (b.id) b.id, b.rating, b.review_count
        from unnest(v_categories) c(name)
        cross join lateral (
          select m.id, m.rating, m.review_count from public.match_category_postings m
          where m.category = c.name and (not coalesce(p_verified_only, false) or m.verified)
          order by m.rating desc, m.review_count desc, m.id limit 500) b
        order by b.id
      ) z order by z.rating desc, z.review_count desc, z.id limit 500);
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
      -- (with bounded candidates, or a retrieval taken by key, those among v_ids: one look-up by
      -- key each. "offset 0" keeps it so: planned as a join, PostgreSQL read every professional
      -- of a town listing a skill from bitmaps, 9,359 rows for 1,108 wanted, about 400 ms)
      from (
        select p.* from unnest(v_ids) i(id)
        cross join lateral (select p.* from public.profiles p where p.id = i.id offset 0) p
        union all
        select p.* from public.profiles p where v_ids is null
      ) p
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
      -- category (a fifth of the marketplace are developers): v_cat_ids, read from their postings
      select p.id, p.title, p.location, p.works_remotely, p.categories, p.hourly_rate_min,
        p.rating, p.review_count, p.verified, p.availability, p.response_time, p.completion_rate,
        '|' || lower(array_to_string(p.skills, '|')) || '|' as skill_key
      from public.profiles p
      where p.id = any(v_cat_ids)
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
    -- (a request with a place that is not wide retrieved everyone: exact as it is).
    -- when more than v_wide professionals list the skills, they are kept even without that
    -- proof: scoring everyone would cost seconds at a million professionals, and the K best
    -- priors of each skill are where the top ten come from (decision 0232 measures how often
    -- the top ten differ). below v_wide nothing changes.
    exact as (
      select v_ids is null or v_approximate or v_complete or (count(*) = 150
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
      -- (a wide request: those it ranked, as the count of every holder grows with the data; a
      -- request with a place that is not wide: everyone it retrieved)
      'total', case when v_ids is null or v_approximate or v_complete then (select count(*) from candidates)
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
