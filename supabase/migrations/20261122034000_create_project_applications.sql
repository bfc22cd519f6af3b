-- project_applications: a professional's proposal for an open project. each one counts against
-- the plan's monthly_applications limit (-1 = unlimited), enforced here, in the database,
-- so no client can skip the count.

create table if not exists public.project_applications (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  professional_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  cover_letter text not null default '' check (char_length(cover_letter) <= 10000),
  proposed_rate integer check (proposed_rate >= 0),
  status text not null default 'submitted'
    check (status in ('submitted', 'shortlisted', 'accepted', 'declined', 'withdrawn')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint project_applications_project_professional_key unique (project_id, professional_id)
);
comment on table public.project_applications is
  'A professional''s application to an open project (proposed_rate in whole pounds per hour). Each insert by a user consumes one monthly_applications from their plan.';
create index if not exists project_applications_professional_idx on public.project_applications (professional_id, created_at desc);

drop trigger if exists project_applications_set_updated_at on public.project_applications;
create trigger project_applications_set_updated_at
  before update on public.project_applications
  for each row execute function public.set_updated_at();

create or replace function public.is_open_project(project uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.projects p where p.id = project and p.status = 'open');
$$;
comment on function public.is_open_project(uuid) is 'True when the project exists and accepts applications.';

create or replace function public.is_project_owner(project uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.projects p where p.id = project and p.owner_id = (select auth.uid()));
$$;
comment on function public.is_project_owner(uuid) is 'True when the caller posted the project.';

create or replace function public.count_application()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- the service role (seeding, support tools) is trusted and not metered.
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if not public.track_usage(new.professional_id, 'monthly_applications', 1) then
    raise exception 'monthly application limit reached for your plan'
      using errcode = 'P0001', hint = 'Upgrade to pro for unlimited applications.';
  end if;
  return new;
end;
$$;
comment on function public.count_application() is
  'Trigger: consumes one monthly_applications through track_usage (atomic, limit-checked) before an application is stored; refuses the insert at the limit.';

drop trigger if exists project_applications_count on public.project_applications;
create trigger project_applications_count
  before insert on public.project_applications
  for each row execute function public.count_application();

create or replace function public.guard_application_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.id is distinct from old.id or new.project_id is distinct from old.project_id
     or new.professional_id is distinct from old.professional_id or new.created_at is distinct from old.created_at then
    raise exception 'an application cannot move to another project or applicant' using errcode = '42501';
  end if;
  if old.professional_id = (select auth.uid()) then
    if new.status is distinct from old.status and new.status <> 'withdrawn' then
      raise exception 'applicants may only withdraw' using errcode = '42501';
    end if;
  elsif new.cover_letter is distinct from old.cover_letter or new.proposed_rate is distinct from old.proposed_rate
     or new.status not in ('submitted', 'shortlisted', 'accepted', 'declined') then
    raise exception 'project owners may only shortlist, accept or decline' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function public.guard_application_update() is
  'Trigger: the applicant edits the proposal or withdraws; the project owner only moves the status.';

drop trigger if exists project_applications_guard_update on public.project_applications;
create trigger project_applications_guard_update
  before update on public.project_applications
  for each row execute function public.guard_application_update();

alter table public.project_applications enable row level security;

drop policy if exists project_applications_select on public.project_applications;
create policy project_applications_select on public.project_applications
  for select to authenticated
  using (
    professional_id = (select auth.uid())
    or (select public.is_project_owner(project_id))
    or (select public.is_admin())
  );
comment on policy project_applications_select on public.project_applications is
  'The applicant, the business that posted the project and admins see an application.';

drop policy if exists project_applications_insert on public.project_applications;
create policy project_applications_insert on public.project_applications
  for insert to authenticated
  with check (
    professional_id = (select auth.uid())
    and (select public.account_type_of((select auth.uid()))) = 'professional'
    and (select public.is_open_project(project_id))
  );
comment on policy project_applications_insert on public.project_applications is
  'Professionals apply, as themselves, to open projects only.';

drop policy if exists project_applications_update on public.project_applications;
create policy project_applications_update on public.project_applications
  for update to authenticated
  using (professional_id = (select auth.uid()) or (select public.is_project_owner(project_id)))
  with check (professional_id = (select auth.uid()) or (select public.is_project_owner(project_id)));
comment on policy project_applications_update on public.project_applications is
  'The applicant edits or withdraws; the project owner shortlists, accepts or declines (trigger guard_application_update).';
-- no delete policy: applications are withdrawn, so the business keeps its shortlist history.

revoke all on table public.project_applications from public, anon, authenticated;
grant all on table public.project_applications to service_role;
grant select, insert, update on table public.project_applications to authenticated;

revoke all on function public.is_open_project(uuid), public.is_project_owner(uuid),
  public.count_application(), public.guard_application_update() from public, anon, authenticated;
grant execute on function public.is_open_project(uuid), public.is_project_owner(uuid) to authenticated;
grant execute on function public.is_open_project(uuid), public.is_project_owner(uuid),
  public.count_application(), public.guard_application_update() to service_role;
