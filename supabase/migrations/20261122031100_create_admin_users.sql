-- admin_users and the role helpers every policy uses; then the profiles policies,
-- which need is_admin().

create table if not exists public.admin_users (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  role text not null default 'admin' check (role in ('admin', 'super_admin')),
  permissions jsonb not null default '{}'::jsonb check (jsonb_typeof(permissions) = 'object'),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.admin_users is
  'Staff with access to the management portal. An active row makes the user an admin; role super_admin also opens the bms area. Written only by super admins.';

drop trigger if exists admin_users_set_updated_at on public.admin_users;
create trigger admin_users_set_updated_at
  before update on public.admin_users
  for each row execute function public.set_updated_at();

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admin_users a
    where a.user_id = (select auth.uid()) and a.is_active
  );
$$;
comment on function public.is_admin() is
  'True when the caller has an active admin_users row (admin or super_admin). Security definer so policies can call it without recursive RLS on admin_users.';

create or replace function public.is_super_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admin_users a
    where a.user_id = (select auth.uid()) and a.is_active and a.role = 'super_admin'
  );
$$;
comment on function public.is_super_admin() is
  'True when the caller has an active super_admin row. Security definer so policies can call it without recursive RLS.';

create or replace function public.sync_profile_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := coalesce(new.user_id, old.user_id);
begin
  if tg_op = 'UPDATE' and old.user_id is distinct from new.user_id then
    update public.profiles set role = 'user' where id = old.user_id;
  end if;
  update public.profiles p
  set role = coalesce((select a.role from public.admin_users a where a.user_id = v_user and a.is_active), 'user')
  where p.id = v_user;
  return null;
end;
$$;
comment on function public.sync_profile_role() is
  'Trigger: keeps profiles.role equal to the active admin_users role (or user), so the app''s isAdmin flag can never be set by the user.';

drop trigger if exists admin_users_sync_profile_role on public.admin_users;
create trigger admin_users_sync_profile_role
  after insert or update or delete on public.admin_users
  for each row execute function public.sync_profile_role();

alter table public.admin_users enable row level security;

drop policy if exists admin_users_select on public.admin_users;
create policy admin_users_select on public.admin_users
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
comment on policy admin_users_select on public.admin_users is
  'A user reads their own admin record (the app''s admin check); admins read all staff records.';

drop policy if exists admin_users_insert on public.admin_users;
create policy admin_users_insert on public.admin_users
  for insert to authenticated
  with check ((select public.is_super_admin()));
comment on policy admin_users_insert on public.admin_users is 'Only super admins appoint staff.';

drop policy if exists admin_users_update on public.admin_users;
create policy admin_users_update on public.admin_users
  for update to authenticated
  using ((select public.is_super_admin()))
  with check ((select public.is_super_admin()));
comment on policy admin_users_update on public.admin_users is 'Only super admins change staff roles, permissions or activity.';

drop policy if exists admin_users_delete on public.admin_users;
create policy admin_users_delete on public.admin_users
  for delete to authenticated
  using ((select public.is_super_admin()));
comment on policy admin_users_delete on public.admin_users is 'Only super admins remove staff.';

-- profiles policies -------------------------------------------------------------------

create or replace function public.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- only requests made as an api role are restricted; triggers and the service role are trusted.
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.id is distinct from old.id then
    raise exception 'profiles.id cannot change' using errcode = '42501';
  end if;
  if new.role is distinct from old.role then
    raise exception 'profiles.role follows admin_users and cannot be set directly' using errcode = '42501';
  end if;
  if not (select public.is_admin()) and (
    new.account_type is distinct from old.account_type
    or new.verified is distinct from old.verified
    or new.rating is distinct from old.rating
    or new.review_count is distinct from old.review_count
    or new.completion_rate is distinct from old.completion_rate
    or new.company_id is distinct from old.company_id
  ) then
    raise exception 'only staff may change account type, verification, rating, review count, completion rate or company link'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function public.guard_profile_update() is
  'Trigger: stops users escalating through their own profile (role, account type, verified badge, ratings, company link). Admins may change all but role, which follows admin_users.';

drop trigger if exists profiles_guard_update on public.profiles;
create trigger profiles_guard_update
  before update on public.profiles
  for each row execute function public.guard_profile_update();

drop policy if exists profiles_select_public on public.profiles;
create policy profiles_select_public on public.profiles
  for select to anon
  using (account_type = 'professional');
comment on policy profiles_select_public on public.profiles is
  'Visitors browse and search professionals (public marketplace cards); business profiles are not public.';

drop policy if exists profiles_select_authenticated on public.profiles;
create policy profiles_select_authenticated on public.profiles
  for select to authenticated
  using (true);
comment on policy profiles_select_authenticated on public.profiles is
  'Signed-in users see every profile: professionals are public and businesses are the counterparties of projects, messages and appointments. Profiles hold no private contact data.';

drop policy if exists profiles_update on public.profiles;
create policy profiles_update on public.profiles
  for update to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()))
  with check (id = (select auth.uid()) or (select public.is_admin()));
comment on policy profiles_update on public.profiles is
  'Users edit their own profile and admins moderate any; trigger profiles_guard_update protects role, account type, verification and ratings.';
-- no insert or delete policies: profiles are created by the auth.users trigger and removed with the user.
