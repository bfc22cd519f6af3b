-- reviews after a completed project (or a completed appointment): the business reviews the
-- professional once, the professional replies once. profiles.rating and review_count already
-- follow the reviews table (trigger reviews_refresh_rating); the home page's success figure
-- becomes completed projects over hired projects.

alter table public.reviews add column if not exists project_id uuid references public.projects (id) on delete set null;
alter table public.reviews add column if not exists professional_reply text;
alter table public.reviews drop constraint if exists reviews_professional_reply_check;
alter table public.reviews
  add constraint reviews_professional_reply_check check (char_length(professional_reply) <= 5000);
alter table public.reviews add column if not exists replied_at timestamptz;
comment on column public.reviews.project_id is 'The completed project the review is about, when it came from one.';
comment on column public.reviews.professional_reply is 'The professional''s one public reply.';
comment on column public.reviews.replied_at is 'When the professional replied.';
create index if not exists reviews_project_idx on public.reviews (project_id);

create or replace function public.can_review(professional uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
      select 1 from public.projects p
      where p.owner_id = (select auth.uid()) and p.hired_professional_id = professional
        and p.status = 'completed'
    )
    or exists (
      select 1 from public.appointments a
      where a.business_id = (select auth.uid()) and a.professional_id = professional
        and a.status = 'completed'
    );
$$;
comment on function public.can_review(uuid) is
  'True when the caller completed a project with the professional (as the business that hired them) or a completed appointment: the right to review.';

drop policy if exists reviews_insert on public.reviews;
create policy reviews_insert on public.reviews
  for insert to authenticated
  with check (reviewer_id = (select auth.uid()) and (select public.can_review(professional_id)));
comment on policy reviews_insert on public.reviews is
  'A business reviews a professional once (unique pair) after a completed project or appointment with them.';

drop policy if exists reviews_update on public.reviews;
create policy reviews_update on public.reviews
  for update to authenticated
  using (reviewer_id = (select auth.uid()) or professional_id = (select auth.uid()))
  with check (
    (reviewer_id = (select auth.uid()) and (select public.can_review(professional_id)))
    or professional_id = (select auth.uid())
  );
comment on policy reviews_update on public.reviews is
  'The reviewer edits their review; the professional reviewed writes their one reply (trigger guard_review_update).';

create or replace function public.guard_review_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.id is distinct from old.id or new.professional_id is distinct from old.professional_id
     or new.reviewer_id is distinct from old.reviewer_id or new.project_id is distinct from old.project_id
     or new.created_at is distinct from old.created_at then
    raise exception 'A review cannot move to another professional, reviewer or project.' using errcode = '42501';
  end if;
  if old.professional_id = (select auth.uid()) then
    if new.rating is distinct from old.rating or new.comment is distinct from old.comment then
      raise exception 'Only the reviewer can change a review.' using errcode = '42501';
    end if;
    if old.professional_reply is not null and new.professional_reply is distinct from old.professional_reply then
      raise exception 'You have already replied to this review.' using errcode = '42501';
    end if;
    if new.professional_reply is distinct from old.professional_reply then
      new.replied_at := now();
    end if;
  elsif new.professional_reply is distinct from old.professional_reply or new.replied_at is distinct from old.replied_at then
    raise exception 'Only the professional reviewed can reply.' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function public.guard_review_update() is
  'Trigger: the reviewer changes only rating and comment; the professional writes the reply once (stamped replied_at). Nobody moves a review.';

drop trigger if exists reviews_guard_update on public.reviews;
create trigger reviews_guard_update
  before update on public.reviews
  for each row execute function public.guard_review_update();

create or replace function public.guard_review_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.professional_reply := null;
    new.replied_at := null;
    if new.project_id is not null and not exists (
      select 1 from public.projects p
      where p.id = new.project_id and p.owner_id = (select auth.uid())
        and p.hired_professional_id = new.professional_id and p.status = 'completed'
    ) then
      raise exception 'That project is not a completed project of yours with this professional.' using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;
comment on function public.guard_review_insert() is
  'Trigger: a new review starts without a reply, and names only a completed project of the reviewer''s with that professional.';

drop trigger if exists reviews_guard_insert on public.reviews;
create trigger reviews_guard_insert
  before insert on public.reviews
  for each row execute function public.guard_review_insert();

-- the success figure ----------------------------------------------------------------------------

create or replace function public.marketplace_success_rate()
returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select case when count(*) = 0 then null
    else round(100.0 * count(*) filter (where p.status = 'completed') / count(*)) end
  from public.projects p
  where p.hired_professional_id is not null;
$$;
comment on function public.marketplace_success_rate() is
  'Completed projects over hired projects, in whole percent (null before anyone is hired). One aggregate: no project is readable through it.';

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
    'success_rate', public.marketplace_success_rate(),
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
  'Aggregate figures for the public pages: professional count, distinct locations, verified count, average rating of reviewed professionals (from reviews), review total, success rate (completed projects over hired projects) and professionals per category. Aggregates only, never personal data.';

revoke all on function public.can_review(uuid), public.guard_review_update(), public.guard_review_insert(),
  public.marketplace_success_rate() from public, anon, authenticated;
grant execute on function public.can_review(uuid), public.marketplace_success_rate() to authenticated;
grant execute on function public.marketplace_success_rate() to anon;
grant execute on function public.can_review(uuid), public.guard_review_update(), public.guard_review_insert(),
  public.marketplace_success_rate() to service_role;
