-- Reviews after appointments (decision 0174). A business reviews a professional once for each
-- completed project and once for each completed appointment (a confirmed call whose end has
-- passed counts as completed before the job marks it); the professional replies once; the
-- profile's rating counts every review (refresh_professional_rating, unchanged). A review from a
-- user names the project or the appointment it is about, never neither: "one review per
-- business per professional" gives way to one review per reviewer per project and per appointment.

alter table public.reviews
  add column if not exists appointment_id uuid references public.appointments (id) on delete set null;
comment on column public.reviews.appointment_id is 'The completed appointment (call) the review is about, when it came from one.';

alter table public.reviews drop constraint if exists reviews_reviewer_professional_key;
alter table public.reviews drop constraint if exists reviews_one_subject;
alter table public.reviews
  add constraint reviews_one_subject check (num_nonnulls(project_id, appointment_id) <= 1);
alter table public.reviews drop constraint if exists reviews_project_reviewer_key;
alter table public.reviews
  add constraint reviews_project_reviewer_key unique (project_id, reviewer_id);
alter table public.reviews drop constraint if exists reviews_appointment_reviewer_key;
alter table public.reviews
  add constraint reviews_appointment_reviewer_key unique (appointment_id, reviewer_id);
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
        and (a.status = 'completed' or (a.status = 'confirmed' and a.ends_at <= now()))
    );
$$;

create or replace function public.guard_review_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.professional_reply := null;
    new.replied_at := null;
    if new.project_id is null and new.appointment_id is null then
      raise exception 'A review names the completed project or appointment it is about.' using errcode = '42501';
    end if;
    if new.project_id is not null and not exists (
      select 1 from public.projects p
      where p.id = new.project_id and p.owner_id = (select auth.uid())
        and p.hired_professional_id = new.professional_id and p.status = 'completed'
    ) then
      raise exception 'That project is not a completed project of yours with this professional.' using errcode = '42501';
    end if;
    if new.appointment_id is not null and not exists (
      select 1 from public.appointments a
      where a.id = new.appointment_id and a.business_id = (select auth.uid())
        and a.professional_id = new.professional_id
        and (a.status = 'completed' or (a.status = 'confirmed' and a.ends_at <= now()))
    ) then
      raise exception 'That appointment is not a completed call of yours with this professional.' using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;
comment on function public.guard_review_insert() is 'Trigger: a new review starts without a reply, and a user''s review names a completed project or a completed appointment of the reviewer''s with that professional.';

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
     or new.appointment_id is distinct from old.appointment_id
     or new.created_at is distinct from old.created_at then
    raise exception 'A review cannot move to another professional, reviewer, project or appointment.' using errcode = '42501';
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

comment on table public.reviews is 'A business''s review of a professional after a completed project or appointment, one per reviewer for each. Public; keeps profiles.rating and review_count current.';
comment on function public.can_review(professional uuid) is 'True when the caller completed a project with the professional (as the business that hired them) or an appointment (completed, or confirmed and ended): the right to review.';
