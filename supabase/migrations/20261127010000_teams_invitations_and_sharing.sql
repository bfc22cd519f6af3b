-- teams: roles, e-mailed invitations and what a team shares. a team has one owner
-- (teams.owner_id) and members whose role is admin or member (team_members). people join only by
-- accepting an e-mailed invitation (single use, expires after 7 days); the server's mail worker
-- sends it (backend/src/jobs/team-invitation-mail.ts). members share favourite professionals and
-- their own projects with the team; every member sees what is shared, a non-member nothing.
-- every change to membership goes through the functions below, which enforce the permission
-- table in docs/teams.md. docs/decisions/0095.

-- roles: owner (teams.owner_id), admin, member --------------------------------------------------

update public.team_members set role = 'admin' where role = 'lead';
alter table public.team_members drop constraint if exists team_members_role_check;
alter table public.team_members add constraint team_members_role_check
  check (role in ('admin', 'member'));
comment on table public.team_members is
  'The members of a team other than its owner (teams.owner_id), each an admin or a member. Joined by accepting an invitation; changed only through the team functions (remove_team_member, leave_team, set_team_member_role, transfer_team_ownership).';
comment on column public.team_members.role is
  'admin: invites and removes members, removes anything shared; member: sees and shares. The owner is teams.owner_id and has no row here.';
comment on table public.teams is
  'A team: colleagues who hire together. teams.owner_id is its one owner; the others are in team_members. Members see the favourites and projects shared with it (team_favorites, team_projects).';

create or replace function public.team_role(p_team uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when exists (select 1 from public.teams t where t.id = p_team and t.owner_id = (select auth.uid()))
      then 'owner'
    else (select m.role from public.team_members m where m.team_id = p_team and m.user_id = (select auth.uid()))
  end;
$$;
comment on function public.team_role(uuid) is
  'The caller''s role in a team: owner, admin, member, or null when they are not in it. Security definer to avoid recursive RLS.';
revoke all on function public.team_role(uuid) from public, anon;
grant execute on function public.team_role(uuid) to authenticated, service_role;

-- the owner column is checked first, so a team just created is readable in the same statement
-- (insert ... returning) before is_team_member's snapshot can see it
drop policy if exists teams_select on public.teams;
create policy teams_select on public.teams
  for select to authenticated
  using (owner_id = (select auth.uid()) or (select public.is_team_member(id)));
comment on policy teams_select on public.teams is 'The owner and members see a team; nobody else.';

-- membership changes go through the functions only
drop policy if exists team_members_insert on public.team_members;
drop policy if exists team_members_update on public.team_members;
drop policy if exists team_members_delete on public.team_members;
revoke insert, update, delete on table public.team_members from authenticated;
comment on policy team_members_select on public.team_members is
  'The owner and members see who is in the team; nobody else. No write policies: joining is by invitation, the rest through the team functions.';

-- the owner renames or deletes the team; ownership moves only through transfer_team_ownership
revoke update on table public.teams from authenticated;
grant update (name, description) on table public.teams to authenticated;

-- invitations ------------------------------------------------------------------------------------

create table if not exists public.team_invitations (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  email text not null check (char_length(email) between 3 and 320 and email like '%_@_%'),
  role text not null default 'member' check (role in ('admin', 'member')),
  invited_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  emailed_at timestamptz,
  accepted_at timestamptz,
  accepted_by uuid references public.profiles (id) on delete set null,
  revoked_at timestamptz
);
comment on table public.team_invitations is
  'An invitation to join a team, sent by e-mail to one address. Single use (accepted_at), expires at expires_at, may be revoked. Written only by invite_team_member, accept_team_invitation and revoke_team_invitation; the owner and admins of the team read them.';
create index if not exists team_invitations_team_idx on public.team_invitations (team_id, created_at desc);
create index if not exists team_invitations_email_idx on public.team_invitations (lower(email));

alter table public.team_invitations enable row level security;
revoke all on table public.team_invitations from public, anon, authenticated;
grant select on table public.team_invitations to authenticated;
grant all on table public.team_invitations to service_role;

drop policy if exists team_invitations_select on public.team_invitations;
create policy team_invitations_select on public.team_invitations
  for select to authenticated
  using ((select public.team_role(team_id)) in ('owner', 'admin'));
comment on policy team_invitations_select on public.team_invitations is
  'The owner and admins of the team see its invitations; members and everyone else do not. No write policies: the functions write.';

-- the secret of each invitation, apart from the invitation so that no export or policy reaches it
create table if not exists public.team_invitation_tokens (
  invitation_id uuid primary key references public.team_invitations (id) on delete cascade,
  token_hash text not null unique,
  pending_token text
);
comment on table public.team_invitation_tokens is
  'The sha-256 of each invitation''s link token; pending_token holds the token itself only until the mail worker has e-mailed it. Deleted when the invitation is used. Service role only.';
comment on column public.team_invitation_tokens.pending_token is
  'The token, kept only until the invitation e-mail is sent (claim_team_invitation_emails clears it).';
alter table public.team_invitation_tokens enable row level security;
revoke all on table public.team_invitation_tokens from public, anon, authenticated;
grant all on table public.team_invitation_tokens to service_role;

-- shared favourites and projects -----------------------------------------------------------------

create table if not exists public.team_favorites (
  team_id uuid not null references public.teams (id) on delete cascade,
  professional_id uuid not null references public.profiles (id) on delete cascade,
  shared_by uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  note text not null default '' check (char_length(note) <= 2000),
  created_at timestamptz not null default now(),
  primary key (team_id, professional_id)
);
comment on table public.team_favorites is
  'A professional shared with a team (from a member''s favourites), seen by every member. Removed by whoever shared it, an admin or the owner, and when the sharer leaves the team.';
create index if not exists team_favorites_shared_by_idx on public.team_favorites (shared_by);

create table if not exists public.team_projects (
  team_id uuid not null references public.teams (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  shared_by uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (team_id, project_id)
);
comment on table public.team_projects is
  'A project its owner shared with a team; every member may read the project while it is shared. Removed by the sharer, an admin or the owner, and when the sharer leaves the team.';
create index if not exists team_projects_project_idx on public.team_projects (project_id);
create index if not exists team_projects_shared_by_idx on public.team_projects (shared_by);

alter table public.team_favorites enable row level security;
alter table public.team_projects enable row level security;
revoke all on table public.team_favorites, public.team_projects from public, anon, authenticated;
grant select, insert, delete on table public.team_favorites, public.team_projects to authenticated;
grant update (note) on table public.team_favorites to authenticated;
grant all on table public.team_favorites, public.team_projects to service_role;

drop policy if exists team_favorites_select on public.team_favorites;
create policy team_favorites_select on public.team_favorites
  for select to authenticated using ((select public.team_role(team_id)) is not null);
comment on policy team_favorites_select on public.team_favorites is 'Every member of the team (owner included) sees its shared favourites; non-members nothing.';

drop policy if exists team_favorites_insert on public.team_favorites;
create policy team_favorites_insert on public.team_favorites
  for insert to authenticated
  with check (
    shared_by = (select auth.uid())
    and (select public.team_role(team_id)) is not null
    and (select public.account_type_of(professional_id)) = 'professional'
  );
comment on policy team_favorites_insert on public.team_favorites is 'Members share professionals with their own teams, as themselves.';

drop policy if exists team_favorites_update on public.team_favorites;
create policy team_favorites_update on public.team_favorites
  for update to authenticated
  using (shared_by = (select auth.uid()) or (select public.team_role(team_id)) in ('owner', 'admin'))
  with check ((select public.team_role(team_id)) is not null);
comment on policy team_favorites_update on public.team_favorites is 'The sharer, admins and the owner edit the shared note (only note is granted).';

drop policy if exists team_favorites_delete on public.team_favorites;
create policy team_favorites_delete on public.team_favorites
  for delete to authenticated
  using (shared_by = (select auth.uid()) or (select public.team_role(team_id)) in ('owner', 'admin'));
comment on policy team_favorites_delete on public.team_favorites is 'The sharer, admins and the owner stop sharing a professional.';

create or replace function public.owns_project(p_project uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.projects p where p.id = p_project and p.owner_id = (select auth.uid()));
$$;
comment on function public.owns_project(uuid) is 'True when the caller owns the project. Security definer: used inside policies.';
revoke all on function public.owns_project(uuid) from public, anon;
grant execute on function public.owns_project(uuid) to authenticated, service_role;

drop policy if exists team_projects_select on public.team_projects;
create policy team_projects_select on public.team_projects
  for select to authenticated using ((select public.team_role(team_id)) is not null);
comment on policy team_projects_select on public.team_projects is 'Every member of the team sees which projects are shared with it; non-members nothing.';

drop policy if exists team_projects_insert on public.team_projects;
create policy team_projects_insert on public.team_projects
  for insert to authenticated
  with check (
    shared_by = (select auth.uid())
    and (select public.team_role(team_id)) is not null
    and (select public.owns_project(project_id))
  );
comment on policy team_projects_insert on public.team_projects is 'Members share their own projects with their own teams.';

drop policy if exists team_projects_delete on public.team_projects;
create policy team_projects_delete on public.team_projects
  for delete to authenticated
  using (shared_by = (select auth.uid()) or (select public.team_role(team_id)) in ('owner', 'admin'));
comment on policy team_projects_delete on public.team_projects is 'The sharer, admins and the owner stop sharing a project.';

create or replace function public.project_shared_with_me(p_project uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.team_projects tp
    join public.teams t on t.id = tp.team_id
    where tp.project_id = p_project
      and (t.owner_id = (select auth.uid())
        or exists (select 1 from public.team_members m where m.team_id = tp.team_id and m.user_id = (select auth.uid())))
  );
$$;
comment on function public.project_shared_with_me(uuid) is
  'True when the project is shared with a team the caller belongs to. Security definer: used by the projects policy.';
revoke all on function public.project_shared_with_me(uuid) from public, anon;
grant execute on function public.project_shared_with_me(uuid) to authenticated, service_role;

drop policy if exists projects_select_team on public.projects;
create policy projects_select_team on public.projects
  for select to authenticated using ((select public.project_shared_with_me(id)));
comment on policy projects_select_team on public.projects is
  'Members of a team see the projects shared with it (read only), whatever their status.';

-- membership functions ---------------------------------------------------------------------------

create or replace function public.require_team_role(p_team uuid, p_roles text[], p_action text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role text := public.team_role(p_team);
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  if v_role is null then
    raise exception 'Team not found' using errcode = 'P0002';
  end if;
  if not (v_role = any (p_roles)) then
    raise exception 'Only % may %', array_to_string(p_roles, ' or '), p_action using errcode = '42501';
  end if;
  return v_role;
end;
$$;
comment on function public.require_team_role(uuid, text[], text) is
  'Internal: the caller''s role in the team, or an error (not found for non-members, forbidden for a role not allowed).';
revoke all on function public.require_team_role(uuid, text[], text) from public, anon, authenticated;

create or replace function public.invite_team_member(p_team uuid, p_email text, p_role text default 'member')
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_role text := public.require_team_role(p_team, array['owner', 'admin'], 'invite people');
  v_email text := lower(trim(coalesce(p_email, '')));
  v_id uuid;
  v_token text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 320 then
    raise exception 'Enter a valid e-mail address' using errcode = '22023';
  end if;
  if p_role not in ('admin', 'member') then
    raise exception 'The role must be admin or member' using errcode = '22023';
  end if;
  if p_role = 'admin' and v_role <> 'owner' then
    raise exception 'Only the owner may invite admins' using errcode = '42501';
  end if;
  if exists (
    select 1 from auth.users u
    where lower(u.email) = v_email
      and (exists (select 1 from public.teams t where t.id = p_team and t.owner_id = u.id)
        or exists (select 1 from public.team_members m where m.team_id = p_team and m.user_id = u.id))
  ) then
    raise exception '% is already in this team', v_email using errcode = '23505';
  end if;
  -- a new invitation replaces any earlier one still open for the same address
  update public.team_invitations set revoked_at = now()
    where team_id = p_team and lower(email) = v_email and accepted_at is null and revoked_at is null;
  insert into public.team_invitations (team_id, email, role, invited_by)
    values (p_team, v_email, p_role, (select auth.uid()))
    returning id into v_id;
  insert into public.team_invitation_tokens (invitation_id, token_hash, pending_token)
    values (v_id, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), v_token);
  return v_id;
end;
$$;
comment on function public.invite_team_member(uuid, text, text) is
  'Owner or admin: invites an e-mail address to the team as member (or admin: owner only). The mail worker e-mails the single-use link, valid 7 days. Returns the invitation id.';

create or replace function public.revoke_team_invitation(p_invitation uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_team uuid;
begin
  select team_id into v_team from public.team_invitations where id = p_invitation;
  if v_team is null then
    raise exception 'Invitation not found' using errcode = 'P0002';
  end if;
  perform public.require_team_role(v_team, array['owner', 'admin'], 'revoke invitations');
  update public.team_invitations set revoked_at = now()
    where id = p_invitation and accepted_at is null and revoked_at is null;
  delete from public.team_invitation_tokens where invitation_id = p_invitation;
end;
$$;
comment on function public.revoke_team_invitation(uuid) is 'Owner or admin: withdraws an open invitation; its link stops working.';

create or replace function public.team_invitation_by_token(p_token text)
returns table (
  invitation_id uuid, team_id uuid, team_name text, inviter_name text, email text, role text,
  expires_at timestamptz, status text
)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.team_id, t.name, coalesce(nullif(p.name, ''), 'A colleague'), i.email, i.role, i.expires_at,
    case
      when i.accepted_at is not null then 'used'
      when i.revoked_at is not null then 'revoked'
      when i.expires_at <= now() then 'expired'
      else 'open'
    end
  from public.team_invitations i
  join public.teams t on t.id = i.team_id
  left join public.profiles p on p.id = i.invited_by
  where i.id = (
    select k.invitation_id from public.team_invitation_tokens k
    where k.token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
  )
  -- a used link keeps no token row; it simply finds nothing
$$;
comment on function public.team_invitation_by_token(text) is
  'What an invitation link is for (team, inviter, address, role, status open/expired/revoked), read by whoever holds the link, signed in or not. Nothing is returned for an unknown or used token.';

create or replace function public.accept_team_invitation(p_token text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_email text;
  v_inv public.team_invitations%rowtype;
  v_name text;
  v_team_name text;
begin
  if v_uid is null then
    raise exception 'Sign in to accept the invitation' using errcode = '42501';
  end if;
  select i.* into v_inv from public.team_invitations i
  where i.id = (
    select k.invitation_id from public.team_invitation_tokens k
    where k.token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
  )
  for update;
  if not found or v_inv.accepted_at is not null then
    raise exception 'This invitation link is not valid or has already been used' using errcode = 'P0002';
  end if;
  if v_inv.revoked_at is not null then
    raise exception 'This invitation was withdrawn' using errcode = '22023';
  end if;
  if v_inv.expires_at <= now() then
    raise exception 'This invitation has expired: ask for a new one' using errcode = '22023';
  end if;
  select lower(u.email) into v_email from auth.users u where u.id = v_uid;
  if v_email is distinct from lower(v_inv.email) then
    raise exception 'This invitation was sent to %: sign in with that address to accept it', v_inv.email
      using errcode = '42501';
  end if;
  insert into public.team_members (team_id, user_id, role)
  select v_inv.team_id, v_uid, v_inv.role
  where not exists (select 1 from public.teams t where t.id = v_inv.team_id and t.owner_id = v_uid)
  on conflict (team_id, user_id) do nothing;
  update public.team_invitations set accepted_at = now(), accepted_by = v_uid where id = v_inv.id;
  delete from public.team_invitation_tokens where invitation_id = v_inv.id;
  -- the owner and admins hear that someone joined (the notifications trigger applies their choices)
  select coalesce(nullif(p.name, ''), v_email) into v_name from public.profiles p where p.id = v_uid;
  select t.name into v_team_name from public.teams t where t.id = v_inv.team_id;
  insert into public.notifications (user_id, kind, title, body, link)
  select x.user_id, 'team_member_joined', left(format('%s joined %s', v_name, v_team_name), 200),
    left(format('%s accepted the invitation and is now a %s of %s.', v_name, v_inv.role, v_team_name), 1000),
    '/teams'
  from (
    select t.owner_id as user_id from public.teams t where t.id = v_inv.team_id
    union
    select m.user_id from public.team_members m where m.team_id = v_inv.team_id and m.role = 'admin'
  ) x
  where x.user_id <> v_uid;
  return v_inv.team_id;
end;
$$;
comment on function public.accept_team_invitation(text) is
  'The signed-in invitee (the invited address) joins the team with the invited role. Single use: the token is deleted. Tells the owner and admins. Returns the team id.';

create or replace function public.drop_team_shares(p_team uuid, p_user uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from public.team_favorites where team_id = p_team and shared_by = p_user;
  delete from public.team_projects where team_id = p_team and shared_by = p_user;
$$;
comment on function public.drop_team_shares(uuid, uuid) is
  'Internal: what a person shared with a team stops being shared when they leave it.';
revoke all on function public.drop_team_shares(uuid, uuid) from public, anon, authenticated;

create or replace function public.remove_team_member(p_team uuid, p_user uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_role text := public.require_team_role(p_team, array['owner', 'admin'], 'remove members');
  v_target text;
begin
  select m.role into v_target from public.team_members m where m.team_id = p_team and m.user_id = p_user;
  if v_target is null then
    raise exception 'That person is not a member of this team (the owner cannot be removed)' using errcode = 'P0002';
  end if;
  if v_role = 'admin' and v_target <> 'member' then
    raise exception 'Only the owner may remove an admin' using errcode = '42501';
  end if;
  delete from public.team_members where team_id = p_team and user_id = p_user;
  perform public.drop_team_shares(p_team, p_user);
end;
$$;
comment on function public.remove_team_member(uuid, uuid) is
  'Owner removes anyone but themselves; an admin removes members. What the removed person shared stops being shared.';

create or replace function public.leave_team(p_team uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_role text := public.require_team_role(p_team, array['owner', 'admin', 'member'], 'leave');
begin
  if v_role = 'owner' then
    raise exception 'The owner cannot leave: transfer ownership first, or delete the team' using errcode = '22023';
  end if;
  delete from public.team_members where team_id = p_team and user_id = (select auth.uid());
  perform public.drop_team_shares(p_team, (select auth.uid()));
end;
$$;
comment on function public.leave_team(uuid) is 'An admin or member leaves the team; what they shared stops being shared.';

create or replace function public.set_team_member_role(p_team uuid, p_user uuid, p_role text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.require_team_role(p_team, array['owner'], 'change roles');
  if p_role not in ('admin', 'member') then
    raise exception 'The role must be admin or member' using errcode = '22023';
  end if;
  update public.team_members set role = p_role where team_id = p_team and user_id = p_user;
  if not found then
    raise exception 'That person is not a member of this team' using errcode = 'P0002';
  end if;
end;
$$;
comment on function public.set_team_member_role(uuid, uuid, text) is 'Owner: makes a member an admin or an admin a member.';

create or replace function public.transfer_team_ownership(p_team uuid, p_user uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me uuid := (select auth.uid());
begin
  perform public.require_team_role(p_team, array['owner'], 'transfer ownership');
  delete from public.team_members where team_id = p_team and user_id = p_user;
  if not found then
    raise exception 'Ownership can only go to a member of the team' using errcode = 'P0002';
  end if;
  update public.teams set owner_id = p_user where id = p_team;
  insert into public.team_members (team_id, user_id, role) values (p_team, v_me, 'admin');
end;
$$;
comment on function public.transfer_team_ownership(uuid, uuid) is
  'Owner: hands the team to one of its members; the former owner stays on as an admin.';

-- a deleted account hands its teams on --------------------------------------------------------

create or replace function public.hand_over_teams_of_deleted_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  r record;
  v_next uuid;
begin
  for r in select t.id from public.teams t where t.owner_id = old.id loop
    select m.user_id into v_next from public.team_members m
      where m.team_id = r.id and m.user_id <> old.id
      order by (m.role = 'admin') desc, m.created_at, m.user_id
      limit 1;
    if v_next is not null then
      delete from public.team_members where team_id = r.id and user_id = v_next;
      update public.teams set owner_id = v_next where id = r.id;
    end if;
    -- a team with nobody else in it goes with the account (teams.owner_id cascades)
  end loop;
  return old;
end;
$$;
comment on function public.hand_over_teams_of_deleted_profile() is
  'Trigger: before a profile is deleted, each team it owns passes to its longest-standing admin (else member); a team with no one else is deleted with the account.';
revoke all on function public.hand_over_teams_of_deleted_profile() from public, anon, authenticated;

drop trigger if exists profiles_hand_over_teams on public.profiles;
create trigger profiles_hand_over_teams
  before delete on public.profiles
  for each row execute function public.hand_over_teams_of_deleted_profile();

-- privileges ------------------------------------------------------------------------------------

revoke all on function
  public.invite_team_member(uuid, text, text), public.revoke_team_invitation(uuid),
  public.team_invitation_by_token(text), public.accept_team_invitation(text),
  public.remove_team_member(uuid, uuid), public.leave_team(uuid),
  public.set_team_member_role(uuid, uuid, text), public.transfer_team_ownership(uuid, uuid)
  from public, anon, authenticated;
grant execute on function
  public.invite_team_member(uuid, text, text), public.revoke_team_invitation(uuid),
  public.accept_team_invitation(text), public.remove_team_member(uuid, uuid),
  public.leave_team(uuid), public.set_team_member_role(uuid, uuid, text),
  public.transfer_team_ownership(uuid, uuid)
  to authenticated, service_role;
grant execute on function public.team_invitation_by_token(text) to anon, authenticated, service_role;

-- the mail worker: claims invitations not yet e-mailed (two server instances never claim the same)
create or replace function public.claim_team_invitation_emails(p_limit integer default 20)
returns table (
  invitation_id uuid, email text, token text, team_name text, inviter_name text, role text,
  expires_at timestamptz
)
language sql
volatile
security definer
set search_path = ''
as $$
  with claimed as (
    select k.invitation_id, k.pending_token
    from public.team_invitation_tokens k
    where k.pending_token is not null
    limit greatest(1, least(coalesce(p_limit, 20), 100))
    for update skip locked
  ),
  cleared as (
    update public.team_invitation_tokens k set pending_token = null
    from claimed c where k.invitation_id = c.invitation_id
    returning k.invitation_id
  )
  select c.invitation_id, i.email, c.pending_token, t.name,
    coalesce(nullif(p.name, ''), 'A colleague'), i.role, i.expires_at
  from claimed c
  join cleared x on x.invitation_id = c.invitation_id
  join public.team_invitations i on i.id = c.invitation_id
  join public.teams t on t.id = i.team_id
  left join public.profiles p on p.id = i.invited_by;
$$;
comment on function public.claim_team_invitation_emails(integer) is
  'Mail worker: takes up to p_limit invitations whose e-mail is not yet sent and hands back their tokens, clearing them from the table. Service role only.';
revoke all on function public.claim_team_invitation_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_team_invitation_emails(integer) to service_role;
