-- The postings that matching retrieves from (match_skill_postings, match_category_postings) were
-- written by three copies of the same SQL: the statement trigger on profiles, the migration that
-- filled them, and the seed's rebuild after a bulk load (backend/src/seed/seed-db.ts). A change
-- to one copy (a new column, a new rule for the town) had to be repeated in the others, and a
-- copy that was not would leave the postings out of step with the profiles. One function now
-- holds it; the trigger and the seed call it.

-- Makes the postings of these profiles match the profiles as they are now: every posting of a
-- profile that is gone, is no longer a professional, or no longer lists the skill or category is
-- removed, and every listed skill and category is written with the profile's current prior,
-- town, remote work, verification and reviews (unchanged rows are not rewritten).
create or replace function public.match_postings_refresh(p_ids uuid[])
returns void
language sql
volatile
set search_path = ''
as $$
  delete from public.match_skill_postings m
  using unnest(p_ids) as i(id)
  where m.id = i.id and not exists (
    select 1 from public.profiles p
    where p.id = m.id and p.account_type = 'professional'
      and m.skill = any(array(select lower(s) from unnest(p.skills) s)));

  delete from public.match_category_postings m
  using unnest(p_ids) as i(id)
  where m.id = i.id and not exists (
    select 1 from public.profiles p
    where p.id = m.id and p.account_type = 'professional' and m.category = any(p.categories));

  insert into public.match_skill_postings as m (skill, id, prior, town, remote)
  select distinct on (lower(s), p.id) lower(s), p.id, public.match_prior(p.rating, p.review_count,
    p.availability, p.completion_rate, p.response_time, p.verified),
    coalesce(split_part(lower(p.location), ',', 1), ''), p.works_remotely
  from unnest(p_ids) as i(id)
  join public.profiles p on p.id = i.id
  cross join lateral unnest(p.skills) s
  where p.account_type = 'professional'
  on conflict (skill, id) do update
    set prior = excluded.prior, town = excluded.town, remote = excluded.remote
  where (m.prior, m.town, m.remote) is distinct from (excluded.prior, excluded.town, excluded.remote);

  insert into public.match_category_postings as m (category, id, town, remote, verified, rating, review_count)
  select distinct c, p.id, coalesce(split_part(lower(p.location), ',', 1), ''), p.works_remotely,
    p.verified, p.rating, p.review_count
  from unnest(p_ids) as i(id)
  join public.profiles p on p.id = i.id
  cross join lateral unnest(p.categories) c
  where p.account_type = 'professional'
  on conflict (category, id) do update
    set town = excluded.town, remote = excluded.remote, verified = excluded.verified,
      rating = excluded.rating, review_count = excluded.review_count
  where (m.town, m.remote, m.verified, m.rating, m.review_count)
    is distinct from (excluded.town, excluded.remote, excluded.verified, excluded.rating, excluded.review_count);
$$;
comment on function public.match_postings_refresh(uuid[]) is
  'Brings match_skill_postings and match_category_postings in step with the given profiles as they are now (removed, no longer professional, skills or categories changed). Called by the trigger on profiles and by the seed after a bulk load.';
revoke all on function public.match_postings_refresh(uuid[]) from public, anon, authenticated;

create or replace function public.profiles_sync_match_postings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform public.match_postings_refresh(array(select o.id from old_rows o));
  else
    perform public.match_postings_refresh(array(select n.id from new_rows n));
  end if;
  return null;
end;
$$;
comment on function public.profiles_sync_match_postings() is
  'Statement trigger on profiles: keeps match_skill_postings (each professional''s skills, lower case, with their match_prior, town and remote work) and match_category_postings (their categories with town, remote work, verification, rating and review count) in step with the written rows, through match_postings_refresh.';
revoke all on function public.profiles_sync_match_postings() from public, anon, authenticated;
