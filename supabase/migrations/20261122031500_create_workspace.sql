-- favorites, projects, teams, files and reviews: the signed-in workspace of the dashboard.

create table if not exists public.favorites (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  professional_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint favorites_user_professional_key unique (user_id, professional_id)
);
comment on table public.favorites is 'Professionals a user has saved (the favorites page).';

create table if not exists public.projects (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  description text not null default '' check (char_length(description) <= 20000),
  category text check (category in (
    'software-development', 'devops-infrastructure', 'database-management', 'ux-ui-design',
    'business-analysis', 'project-management', 'cybersecurity', 'cloud-services',
    'system-administration', 'it-consulting', 'ai-machine-learning', 'quality-assurance')),
  skills text[] not null default '{}' check (cardinality(skills) <= 50),
  budget_min integer check (budget_min >= 0),
  budget_max integer check (budget_max >= 0),
  location text check (char_length(location) <= 200),
  remote boolean not null default true,
  status text not null default 'draft' check (status in ('draft', 'open', 'in_progress', 'completed', 'cancelled')),
  deadline date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint projects_budget_range check (budget_min is null or budget_max is null or budget_min <= budget_max)
);
comment on table public.projects is
  'A project a business posts (post-project page). Budgets are whole pounds (GBP). Professionals see it once status is open.';
create index if not exists projects_owner_idx on public.projects (owner_id);
create index if not exists projects_open_idx on public.projects (created_at desc) where status = 'open';

drop trigger if exists projects_set_updated_at on public.projects;
create trigger projects_set_updated_at
  before update on public.projects
  for each row execute function public.set_updated_at();

create table if not exists public.teams (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 200),
  description text check (char_length(description) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.teams is 'A team of professionals assembled by its owner (the teams page).';

drop trigger if exists teams_set_updated_at on public.teams;
create trigger teams_set_updated_at
  before update on public.teams
  for each row execute function public.set_updated_at();

create table if not exists public.team_members (
  team_id uuid not null references public.teams (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role text not null default 'member' check (role in ('lead', 'member')),
  created_at timestamptz not null default now(),
  primary key (team_id, user_id)
);
comment on table public.team_members is 'Membership of a team. The owner manages members; a member may leave.';
create index if not exists team_members_user_idx on public.team_members (user_id);

create table if not exists public.files (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  bucket text not null default 'files' check (char_length(bucket) between 1 and 100),
  storage_path text not null check (char_length(storage_path) between 1 and 1024),
  name text not null check (char_length(name) between 1 and 255),
  mime_type text,
  size_bytes bigint not null default 0 check (size_bytes >= 0),
  shared_with uuid[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint files_bucket_path_key unique (bucket, storage_path)
);
comment on table public.files is
  'Metadata of a stored object (dashboard files tab). The bytes live in storage at bucket/storage_path; shared_with lists users who may read it.';
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'messages_file_id_fkey') then
    alter table public.messages
      add constraint messages_file_id_fkey foreign key (file_id) references public.files (id) on delete set null;
  end if;
end;
$$;
create index if not exists files_owner_idx on public.files (owner_id);
create index if not exists files_shared_with_idx on public.files using gin (shared_with);

drop trigger if exists files_set_updated_at on public.files;
create trigger files_set_updated_at
  before update on public.files
  for each row execute function public.set_updated_at();

create table if not exists public.reviews (
  id uuid primary key default gen_random_uuid(),
  professional_id uuid not null references public.profiles (id) on delete cascade,
  reviewer_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  rating integer not null check (rating between 1 and 5),
  comment text check (char_length(comment) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reviews_reviewer_professional_key unique (professional_id, reviewer_id),
  constraint reviews_not_self check (professional_id <> reviewer_id)
);
comment on table public.reviews is
  'A business''s review of a professional after a completed appointment. Public; keeps profiles.rating and review_count current.';
create index if not exists reviews_professional_idx on public.reviews (professional_id, created_at desc);

drop trigger if exists reviews_set_updated_at on public.reviews;
create trigger reviews_set_updated_at
  before update on public.reviews
  for each row execute function public.set_updated_at();

-- helpers ------------------------------------------------------------------------------------

create or replace function public.is_team_member(team uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.team_members m where m.team_id = team and m.user_id = (select auth.uid()))
      or exists (select 1 from public.teams t where t.id = team and t.owner_id = (select auth.uid()));
$$;
comment on function public.is_team_member(uuid) is 'True when the caller owns or belongs to the team. Security definer to avoid recursive RLS between teams and team_members.';

create or replace function public.is_team_owner(team uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.teams t where t.id = team and t.owner_id = (select auth.uid()));
$$;
comment on function public.is_team_owner(uuid) is 'True when the caller owns the team.';

create or replace function public.has_completed_appointment(professional uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.appointments a
    where a.business_id = (select auth.uid()) and a.professional_id = professional and a.status = 'completed'
  );
$$;
comment on function public.has_completed_appointment(uuid) is 'True when the caller (a business) has completed an appointment with the professional: the right to review.';

create or replace function public.refresh_professional_rating()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_professional uuid;
begin
  foreach v_professional in array array[old.professional_id, new.professional_id] loop
    continue when v_professional is null;
    update public.profiles p
    set rating = coalesce((select round(avg(r.rating)::numeric, 2) from public.reviews r where r.professional_id = v_professional), 0),
        review_count = (select count(*) from public.reviews r where r.professional_id = v_professional)
    where p.id = v_professional;
  end loop;
  return null;
end;
$$;
comment on function public.refresh_professional_rating() is 'Trigger: recomputes profiles.rating and review_count from reviews.';

drop trigger if exists reviews_refresh_rating on public.reviews;
create trigger reviews_refresh_rating
  after insert or update or delete on public.reviews
  for each row execute function public.refresh_professional_rating();

-- policies -------------------------------------------------------------------------------------

alter table public.favorites enable row level security;
alter table public.projects enable row level security;
alter table public.teams enable row level security;
alter table public.team_members enable row level security;
alter table public.files enable row level security;
alter table public.reviews enable row level security;

drop policy if exists favorites_select on public.favorites;
create policy favorites_select on public.favorites
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy favorites_select on public.favorites is 'Users see only their own favorites.';

drop policy if exists favorites_insert on public.favorites;
create policy favorites_insert on public.favorites
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (select public.account_type_of(professional_id)) = 'professional');
comment on policy favorites_insert on public.favorites is 'Users save professionals to their own list.';

drop policy if exists favorites_delete on public.favorites;
create policy favorites_delete on public.favorites
  for delete to authenticated using (user_id = (select auth.uid()));
comment on policy favorites_delete on public.favorites is 'Users remove their own favorites. (No update: a favorite is added or removed.)';

drop policy if exists projects_select on public.projects;
create policy projects_select on public.projects
  for select to authenticated
  using (
    owner_id = (select auth.uid())
    or (status = 'open' and (select public.account_type_of((select auth.uid()))) = 'professional')
    or (select public.is_admin())
  );
comment on policy projects_select on public.projects is 'Owners see their projects; professionals see open projects; admins see all. Not public.';

drop policy if exists projects_insert on public.projects;
create policy projects_insert on public.projects
  for insert to authenticated
  with check (owner_id = (select auth.uid()) and (select public.account_type_of((select auth.uid()))) = 'business');
comment on policy projects_insert on public.projects is 'Business accounts post projects as themselves.';

drop policy if exists projects_update on public.projects;
create policy projects_update on public.projects
  for update to authenticated
  using (owner_id = (select auth.uid()) or (select public.is_admin()))
  with check (owner_id = (select auth.uid()) or (select public.is_admin()));
comment on policy projects_update on public.projects is 'Owners edit their projects; admins moderate.';

drop policy if exists projects_delete on public.projects;
create policy projects_delete on public.projects
  for delete to authenticated
  using (owner_id = (select auth.uid()) or (select public.is_admin()));
comment on policy projects_delete on public.projects is 'Owners delete their projects; admins remove abusive ones.';

drop policy if exists teams_select on public.teams;
create policy teams_select on public.teams
  for select to authenticated using ((select public.is_team_member(id)));
comment on policy teams_select on public.teams is 'Owners and members see a team.';

drop policy if exists teams_insert on public.teams;
create policy teams_insert on public.teams
  for insert to authenticated with check (owner_id = (select auth.uid()));
comment on policy teams_insert on public.teams is 'Users create teams they own.';

drop policy if exists teams_update on public.teams;
create policy teams_update on public.teams
  for update to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
comment on policy teams_update on public.teams is 'Only the owner renames or describes a team.';

drop policy if exists teams_delete on public.teams;
create policy teams_delete on public.teams
  for delete to authenticated using (owner_id = (select auth.uid()));
comment on policy teams_delete on public.teams is 'Only the owner deletes a team.';

drop policy if exists team_members_select on public.team_members;
create policy team_members_select on public.team_members
  for select to authenticated using ((select public.is_team_member(team_id)));
comment on policy team_members_select on public.team_members is 'Owners and members see who is in the team.';

drop policy if exists team_members_insert on public.team_members;
create policy team_members_insert on public.team_members
  for insert to authenticated with check ((select public.is_team_owner(team_id)));
comment on policy team_members_insert on public.team_members is 'Only the owner adds members.';

drop policy if exists team_members_update on public.team_members;
create policy team_members_update on public.team_members
  for update to authenticated
  using ((select public.is_team_owner(team_id))) with check ((select public.is_team_owner(team_id)));
comment on policy team_members_update on public.team_members is 'Only the owner changes a member''s role.';

drop policy if exists team_members_delete on public.team_members;
create policy team_members_delete on public.team_members
  for delete to authenticated
  using ((select public.is_team_owner(team_id)) or user_id = (select auth.uid()));
comment on policy team_members_delete on public.team_members is 'The owner removes members; a member may leave.';

drop policy if exists files_select on public.files;
create policy files_select on public.files
  for select to authenticated
  using (owner_id = (select auth.uid()) or (select auth.uid()) = any (shared_with));
comment on policy files_select on public.files is 'Owners and the users a file is shared with see its metadata.';

drop policy if exists files_insert on public.files;
create policy files_insert on public.files
  for insert to authenticated with check (owner_id = (select auth.uid()));
comment on policy files_insert on public.files is 'Users record their own uploads.';

drop policy if exists files_update on public.files;
create policy files_update on public.files
  for update to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
comment on policy files_update on public.files is 'Owners rename, move or share their files.';

drop policy if exists files_delete on public.files;
create policy files_delete on public.files
  for delete to authenticated using (owner_id = (select auth.uid()));
comment on policy files_delete on public.files is 'Owners delete their files.';

drop policy if exists reviews_select on public.reviews;
create policy reviews_select on public.reviews
  for select to anon, authenticated using (true);
comment on policy reviews_select on public.reviews is 'Reviews are public: they appear on professional profiles.';

drop policy if exists reviews_insert on public.reviews;
create policy reviews_insert on public.reviews
  for insert to authenticated
  with check (reviewer_id = (select auth.uid()) and (select public.has_completed_appointment(professional_id)));
comment on policy reviews_insert on public.reviews is 'A business reviews a professional only after a completed appointment with them.';

drop policy if exists reviews_update on public.reviews;
create policy reviews_update on public.reviews
  for update to authenticated
  using (reviewer_id = (select auth.uid()))
  with check (reviewer_id = (select auth.uid()) and (select public.has_completed_appointment(professional_id)));
comment on policy reviews_update on public.reviews is 'Reviewers edit their own review.';

drop policy if exists reviews_delete on public.reviews;
create policy reviews_delete on public.reviews
  for delete to authenticated
  using (reviewer_id = (select auth.uid()) or (select public.is_admin()));
comment on policy reviews_delete on public.reviews is 'Reviewers withdraw their review; admins remove abusive ones.';
