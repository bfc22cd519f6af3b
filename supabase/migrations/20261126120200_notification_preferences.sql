-- notification preferences: per kind of event (messages, proposals, appointments, matches) and
-- per channel (in-app, e-mail), set by the user in dashboard settings. a missing row means the
-- defaults (both channels on). whatever sends a notification asks notification_wanted first.

create table if not exists public.notification_preferences (
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('messages', 'proposals', 'appointments', 'matches')),
  in_app boolean not null default true,
  email boolean not null default true,
  updated_at timestamptz not null default now(),
  primary key (user_id, kind)
);
comment on table public.notification_preferences is
  'Which notifications a user wants, per kind (messages, proposals, appointments, matches) and channel (in_app, email). No row: both channels on. Private to the user; senders read it through notification_wanted.';

drop trigger if exists notification_preferences_set_updated_at on public.notification_preferences;
create trigger notification_preferences_set_updated_at
  before update on public.notification_preferences
  for each row execute function public.set_updated_at();

alter table public.notification_preferences enable row level security;
revoke all on table public.notification_preferences from public, anon, authenticated;
grant select, insert, update, delete on table public.notification_preferences to authenticated;
grant all on table public.notification_preferences to service_role;

drop policy if exists notification_preferences_select on public.notification_preferences;
create policy notification_preferences_select on public.notification_preferences
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy notification_preferences_select on public.notification_preferences is
  'Users read their own preferences; nobody else does (staff included).';

drop policy if exists notification_preferences_insert on public.notification_preferences;
create policy notification_preferences_insert on public.notification_preferences
  for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy notification_preferences_insert on public.notification_preferences is
  'Users set their own preferences only.';

drop policy if exists notification_preferences_update on public.notification_preferences;
create policy notification_preferences_update on public.notification_preferences
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy notification_preferences_update on public.notification_preferences is
  'Users change their own preferences only.';

drop policy if exists notification_preferences_delete on public.notification_preferences;
create policy notification_preferences_delete on public.notification_preferences
  for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy notification_preferences_delete on public.notification_preferences is
  'Users reset their own preferences to the defaults by deleting them.';

create or replace function public.notification_wanted(p_user uuid, p_kind text, p_channel text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select case p_channel when 'in_app' then n.in_app when 'email' then n.email end
    from public.notification_preferences n
    where n.user_id = p_user and n.kind = p_kind
  ), p_channel in ('in_app', 'email'));
$$;
comment on function public.notification_wanted(uuid, text, text) is
  'Whether a user wants a notification of this kind (messages, proposals, appointments, matches) on this channel (in_app, email): their preference, or true when they set none. Every sender of a notification asks this first. Internal: triggers, functions and the service role.';

revoke all on function public.notification_wanted(uuid, text, text) from public, anon, authenticated;
grant execute on function public.notification_wanted(uuid, text, text) to service_role;
