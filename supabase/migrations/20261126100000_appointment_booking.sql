-- appointment booking: a party proposes one to three times, the other accepts one, declines or
-- proposes others; either cancels with a reason; a backend job marks calls completed after they
-- end and writes reminder notifications 24 hours and 15 minutes before. every change goes through
-- the security-definer functions below (clear errors, blocks honoured); the parties read the
-- table directly. docs/decisions/0070.

-- states: 'pending' becomes 'proposed' ---------------------------------------------------------

alter table public.appointments drop constraint if exists appointments_status_check;
update public.appointments set status = 'proposed' where status = 'pending';
alter table public.appointments alter column status set default 'proposed';
alter table public.appointments add constraint appointments_status_check
  check (status in ('proposed', 'confirmed', 'declined', 'cancelled', 'completed'));
comment on column public.appointments.status is
  'proposed (waiting for the party who did not make the current proposal), confirmed, declined, cancelled, completed (set by appointments_tick after ends_at).';

-- booking columns ----------------------------------------------------------------------------

alter table public.appointments
  add column if not exists conversation_id uuid references public.conversations (id) on delete set null;
alter table public.appointments add column if not exists proposed_by uuid references public.profiles (id) on delete cascade;
update public.appointments set proposed_by = created_by where proposed_by is null;
alter table public.appointments alter column proposed_by set not null;
alter table public.appointments add column if not exists proposed_times timestamptz[] not null default '{}';
alter table public.appointments add column if not exists duration_minutes integer;
update public.appointments
  set duration_minutes = greatest(1, (extract(epoch from ends_at - starts_at) / 60)::integer)
  where duration_minutes is null;
alter table public.appointments alter column duration_minutes set not null;
alter table public.appointments add column if not exists confirmed_at timestamptz;
alter table public.appointments add column if not exists cancelled_by uuid references public.profiles (id) on delete set null;
alter table public.appointments add column if not exists cancel_reason text;

alter table public.appointments drop constraint if exists appointments_proposed_times_count;
alter table public.appointments add constraint appointments_proposed_times_count
  check (cardinality(proposed_times) <= 3);
alter table public.appointments drop constraint if exists appointments_duration_range;
alter table public.appointments add constraint appointments_duration_range
  check (duration_minutes between 1 and 480);
alter table public.appointments drop constraint if exists appointments_cancel_reason_length;
alter table public.appointments add constraint appointments_cancel_reason_length
  check (char_length(cancel_reason) <= 500);

comment on column public.appointments.conversation_id is 'The pair''s conversation, where the appointment shows as an event card.';
comment on column public.appointments.proposed_by is 'Who made the current proposal; the other party answers it.';
comment on column public.appointments.proposed_times is 'The one to three start times on offer while proposed; starts_at is the earliest until one is accepted.';
comment on column public.appointments.duration_minutes is 'Length of the call; ends_at = starts_at + this.';
comment on column public.appointments.confirmed_at is 'When a time was accepted (decides whether a 24-hour reminder is still due).';
comment on column public.appointments.cancelled_by is 'The party who cancelled.';
comment on column public.appointments.cancel_reason is 'Why it was cancelled, shown to both parties.';

create index if not exists appointments_conversation_idx on public.appointments (conversation_id, created_at);
create index if not exists appointments_due_idx on public.appointments (starts_at) where status = 'confirmed';

-- writes only through the functions: no direct insert or update by the parties.
drop policy if exists appointments_insert on public.appointments;
drop policy if exists appointments_update on public.appointments;
revoke insert, update, delete on table public.appointments from authenticated;
comment on policy appointments_select on public.appointments is
  'Only the business and the professional see their appointment. Changes go through propose/accept/decline/cancel functions.';

-- in-app notifications -------------------------------------------------------------------------

create table if not exists public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('appointment_reminder_24h', 'appointment_reminder_15m')),
  title text not null check (char_length(title) between 1 and 200),
  body text not null check (char_length(body) <= 1000),
  link text check (char_length(link) <= 500),
  appointment_id uuid references public.appointments (id) on delete cascade,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.notifications is
  'A user''s in-app notifications (appointment reminders). Written by backend jobs; the user reads them and marks them read.';
create unique index if not exists notifications_once_per_appointment
  on public.notifications (user_id, appointment_id, kind) where appointment_id is not null;
create index if not exists notifications_user_created_idx on public.notifications (user_id, created_at desc);

alter table public.notifications enable row level security;

drop policy if exists notifications_select on public.notifications;
create policy notifications_select on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy notifications_select on public.notifications is 'Users read only their own notifications.';

drop policy if exists notifications_update on public.notifications;
create policy notifications_update on public.notifications
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
comment on policy notifications_update on public.notifications is 'Users mark their own notifications read (only read_at is granted).';

drop policy if exists notifications_delete on public.notifications;
create policy notifications_delete on public.notifications
  for delete to authenticated using (user_id = (select auth.uid()));
comment on policy notifications_delete on public.notifications is 'Users dismiss their own notifications.';
-- no insert policy: reminders are written by appointments_tick as the service role.

revoke all on table public.notifications from public, anon, authenticated;
grant all on table public.notifications to service_role;
grant select, delete on table public.notifications to authenticated;
grant update (read_at) on table public.notifications to authenticated;

alter table public.notifications replica identity full;
do $$
begin
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'notifications'
  ) then
    alter publication supabase_realtime add table public.notifications;
  end if;
end;
$$;

-- rows written outside the functions (seeds, the service role) get the booking columns filled in.
create or replace function public.fill_appointment_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.proposed_by := coalesce(new.proposed_by, new.created_by);
  new.duration_minutes := coalesce(
    new.duration_minutes, greatest(1, (extract(epoch from new.ends_at - new.starts_at) / 60)::integer));
  return new;
end;
$$;
comment on function public.fill_appointment_defaults() is
  'Trigger: proposed_by defaults to created_by and duration_minutes to the length of starts_at..ends_at.';
revoke all on function public.fill_appointment_defaults() from public, anon, authenticated;

drop trigger if exists appointments_fill_defaults on public.appointments;
create trigger appointments_fill_defaults
  before insert on public.appointments
  for each row execute function public.fill_appointment_defaults();
