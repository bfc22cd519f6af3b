-- projects from draft to completion, proposals with availability, early access for plans with
-- early_project_access, and the monthly application limit told to the applicant in words.
--
-- lifecycle: draft -> open (published) -> in_progress (a proposal accepted: hired) -> completed;
-- draft, open or in_progress -> closed (the business stops the project).

-- budgets: fixed price, day rate or hour rate, whole pounds. ------------------------------------

alter table public.projects add column if not exists budget_type text not null default 'fixed';
alter table public.projects drop constraint if exists projects_budget_type_check;
alter table public.projects
  add constraint projects_budget_type_check check (budget_type in ('fixed', 'day', 'hour'));
alter table public.projects add column if not exists timeline text;
alter table public.projects drop constraint if exists projects_timeline_check;
alter table public.projects add constraint projects_timeline_check check (char_length(timeline) <= 200);
alter table public.projects add column if not exists published_at timestamptz;
alter table public.projects add column if not exists hired_professional_id uuid
  references public.profiles (id) on delete set null;
alter table public.projects add column if not exists completed_at timestamptz;
alter table public.projects drop constraint if exists projects_status_check;
alter table public.projects add constraint projects_status_check
  check (status in ('draft', 'open', 'in_progress', 'completed', 'closed', 'cancelled'));

comment on column public.projects.budget_type is
  'How budget_min/budget_max are meant: fixed (the whole project), day (a day rate) or hour (an hourly rate), whole pounds.';
comment on column public.projects.timeline is 'The business''s own words on timing, such as "6 weeks from March".';
comment on column public.projects.published_at is
  'When the project opened. Professionals without early_project_access see it early_access_hours() later.';
comment on column public.projects.hired_professional_id is 'The professional whose proposal was accepted.';
comment on column public.projects.status is
  'draft, open, in_progress (someone hired), completed, closed (stopped by the business); cancelled is kept for older rows.';

create index if not exists projects_hired_idx on public.projects (hired_professional_id);
create index if not exists projects_published_idx on public.projects (published_at desc) where status = 'open';

alter table public.project_applications add column if not exists availability text;
alter table public.project_applications drop constraint if exists project_applications_availability_check;
alter table public.project_applications
  add constraint project_applications_availability_check check (char_length(availability) <= 500);
comment on column public.project_applications.proposed_rate is
  'Whole pounds, in the project''s budget_type unit (the fixed price, a day rate or an hour rate).';
comment on column public.project_applications.availability is 'When the professional can start and how much time they can give.';

-- early access -----------------------------------------------------------------------------------

create or replace function public.early_access_hours()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 24;
$$;
comment on function public.early_access_hours() is
  'The one setting for early access: hours a new project is shown only to professionals whose plan has early_project_access before everyone else sees it.';

create or replace function public.project_visible_to_professionals(published timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select published is not null
    and (published <= now() - make_interval(hours => public.early_access_hours())
      or public.has_feature_access('early_project_access', null));
$$;
comment on function public.project_visible_to_professionals(timestamptz) is
  'True when the caller may see an open project published at that time: after the early-access window, or at once with early_project_access.';

create or replace function public.has_applied(project uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.project_applications a
    where a.project_id = project and a.professional_id = (select auth.uid())
  );
$$;
comment on function public.has_applied(uuid) is
  'True when the caller has sent a proposal to the project, so they keep seeing it after it leaves open.';

create or replace function public.can_apply_to_project(project uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.projects p
    where p.id = project and p.status = 'open' and public.project_visible_to_professionals(p.published_at)
  );
$$;
comment on function public.can_apply_to_project(uuid) is
  'True when the project is open and already visible to the caller (early access respected).';

drop policy if exists projects_select on public.projects;
create policy projects_select on public.projects
  for select to authenticated
  using (
    owner_id = (select auth.uid())
    or (
      status = 'open'
      and (select public.account_type_of((select auth.uid()))) = 'professional'
      and published_at is not null
      and (published_at <= now() - make_interval(hours => (select public.early_access_hours()))
        or (select public.has_feature_access('early_project_access', null)))
    )
    or hired_professional_id = (select auth.uid())
    or (select public.has_applied(id))
    or (select public.is_admin())
  );
comment on policy projects_select on public.projects is
  'Owners see their projects; professionals see open projects once published for their plan (early access sees them early_access_hours() sooner); applicants and the hired professional keep seeing theirs; admins see all. Not public.';

drop policy if exists project_applications_insert on public.project_applications;
create policy project_applications_insert on public.project_applications
  for insert to authenticated
  with check (
    professional_id = (select auth.uid())
    and (select public.account_type_of((select auth.uid()))) = 'professional'
    and (select public.can_apply_to_project(project_id))
  );
comment on policy project_applications_insert on public.project_applications is
  'Professionals apply, as themselves, to open projects they can already see.';

-- lifecycle guard --------------------------------------------------------------------------------

create or replace function public.guard_project_lifecycle()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_trusted boolean := current_user not in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    if new.status not in ('draft', 'open') and not v_trusted then
      raise exception 'A new project starts as a draft or open.' using errcode = '22023';
    end if;
    if not v_trusted then
      new.hired_professional_id := null;
      new.completed_at := null;
      new.published_at := null;
    end if;
    if new.status = 'open' and new.published_at is null then
      new.published_at := now();
    end if;
    return new;
  end if;
  if new.status is distinct from old.status and not v_trusted then
    if not (
      (old.status = 'draft' and new.status in ('open', 'closed'))
      or (old.status = 'open' and new.status in ('draft', 'closed'))
      or (old.status = 'in_progress' and new.status in ('completed', 'closed'))
    ) then
      raise exception 'A project cannot go from % to %.', old.status, new.status using errcode = '22023';
    end if;
  end if;
  -- hire_on_acceptance runs as the owner (trusted), so hiring works only by accepting a proposal.
  if new.hired_professional_id is distinct from old.hired_professional_id and not v_trusted then
    raise exception 'Hire by accepting a proposal.' using errcode = '42501';
  end if;
  if new.status = 'open' and old.status <> 'open' and (new.published_at is null or not v_trusted) then
    new.published_at := now();
  end if;
  if new.status = 'completed' and old.status <> 'completed' then
    new.completed_at := now();
  end if;
  return new;
end;
$$;
comment on function public.guard_project_lifecycle() is
  'Trigger: allowed status moves (draft->open|closed, open->draft|closed, in_progress->completed|closed; open->in_progress only through hire_on_acceptance), stamps published_at on opening and completed_at on completion. The service role is trusted.';

drop trigger if exists projects_guard_lifecycle on public.projects;
create trigger projects_guard_lifecycle
  before insert or update on public.projects
  for each row execute function public.guard_project_lifecycle();

-- hiring: accepting a proposal -----------------------------------------------------------------

create or replace function public.hire_on_acceptance()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'accepted' and old.status is distinct from 'accepted' then
    update public.projects p
    set status = 'in_progress', hired_professional_id = new.professional_id
    where p.id = new.project_id and p.status = 'open';
    if not found then
      raise exception 'This project is no longer open, so nobody more can be hired.' using errcode = '22023';
    end if;
  end if;
  return new;
end;
$$;
comment on function public.hire_on_acceptance() is
  'Trigger: accepting a proposal hires its professional; the project moves to in_progress. Only an open project can hire.';

drop trigger if exists project_applications_hire on public.project_applications;
create trigger project_applications_hire
  after update of status on public.project_applications
  for each row execute function public.hire_on_acceptance();

-- the limit in words ---------------------------------------------------------------------------

create or replace function public.count_application()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_plan_name text;
  v_limits jsonb;
  v_limit integer;
begin
  -- the service role (seeding, support tools) is trusted and not metered.
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  -- track_usage refuses anyone but the caller, so a forged professional_id fails here too.
  if not public.track_usage(new.professional_id, 'monthly_applications', 1) then
    select g.plan_name, g.limits into v_plan_name, v_limits
    from public.get_user_subscription_plan(new.professional_id) g;
    v_limit := (v_limits ->> 'monthly_applications')::integer;
    raise exception 'You have used all % of your monthly applications on the % plan.', v_limit, v_plan_name
      using errcode = 'P0001',
        detail = format('monthly_applications limit %s', v_limit),
        hint = 'Upgrade to Pro for unlimited applications, or wait until the 1st of next month.';
  end if;
  return new;
end;
$$;
comment on function public.count_application() is
  'Trigger: consumes one monthly_applications through track_usage (the feature-access rule for a limit, applied atomically) in the same transaction as the insert; at the limit it refuses with the limit and the plan in the message.';

-- grants ----------------------------------------------------------------------------------------

revoke all on function public.early_access_hours(), public.project_visible_to_professionals(timestamptz),
  public.has_applied(uuid), public.can_apply_to_project(uuid), public.guard_project_lifecycle(),
  public.hire_on_acceptance() from public, anon, authenticated;
grant execute on function public.early_access_hours(), public.project_visible_to_professionals(timestamptz),
  public.has_applied(uuid), public.can_apply_to_project(uuid) to authenticated;
grant execute on function public.early_access_hours(), public.project_visible_to_professionals(timestamptz),
  public.has_applied(uuid), public.can_apply_to_project(uuid), public.guard_project_lifecycle(),
  public.hire_on_acceptance() to service_role;
