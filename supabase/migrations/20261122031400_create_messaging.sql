-- conversations, messages, appointments and presence (who may see whose status), plus the
-- realtime publication that carries their changes.

create table if not exists public.conversations (
  id uuid primary key default gen_random_uuid(),
  participant_1 uuid not null references public.profiles (id) on delete cascade,
  participant_2 uuid not null references public.profiles (id) on delete cascade,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint conversations_distinct_participants check (participant_1 <> participant_2)
);
comment on table public.conversations is
  'A private one-to-one conversation. One per pair of users whichever order they are stored in (unique index on least/greatest).';
create unique index if not exists conversations_pair_key
  on public.conversations (least(participant_1, participant_2), greatest(participant_1, participant_2));
create index if not exists conversations_participant_2_idx on public.conversations (participant_2);

drop trigger if exists conversations_set_updated_at on public.conversations;
create trigger conversations_set_updated_at
  before update on public.conversations
  for each row execute function public.set_updated_at();

create table if not exists public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  sender_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  content text not null check (char_length(content) between 1 and 10000),
  file_id uuid,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.messages is
  'A message in a conversation. read_at is set by the recipient; content is immutable after sending.';
create index if not exists messages_conversation_created_idx on public.messages (conversation_id, created_at);
create index if not exists messages_unread_idx on public.messages (conversation_id) where read_at is null;

create table if not exists public.appointments (
  id uuid primary key default gen_random_uuid(),
  business_id uuid not null references public.profiles (id) on delete cascade,
  professional_id uuid not null references public.profiles (id) on delete cascade,
  created_by uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  description text check (char_length(description) <= 5000),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'declined', 'cancelled', 'completed')),
  video_room text not null default gen_random_uuid()::text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint appointments_time_order check (ends_at > starts_at),
  constraint appointments_distinct_parties check (business_id <> professional_id)
);
comment on table public.appointments is
  'A booked video call between a business and a professional. video_room names the call room (twilio room or webrtc signalling channel).';
create index if not exists appointments_business_idx on public.appointments (business_id, starts_at);
create index if not exists appointments_professional_idx on public.appointments (professional_id, starts_at);

drop trigger if exists appointments_set_updated_at on public.appointments;
create trigger appointments_set_updated_at
  before update on public.appointments
  for each row execute function public.set_updated_at();

create table if not exists public.user_presence (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  status text not null default 'offline' check (status in ('online', 'away', 'busy', 'offline')),
  last_seen timestamptz not null default now(),
  metadata jsonb not null default '{}'::jsonb check (jsonb_typeof(metadata) = 'object' and pg_column_size(metadata) <= 4096),
  updated_at timestamptz not null default now()
);
comment on table public.user_presence is
  'Each user''s presence status (online, away, busy, offline). Visible to the user and their contacts: conversation partners and appointment counterparts.';

drop trigger if exists user_presence_set_updated_at on public.user_presence;
create trigger user_presence_set_updated_at
  before update on public.user_presence
  for each row execute function public.set_updated_at();

-- helpers ----------------------------------------------------------------------------------

create or replace function public.is_conversation_participant(conversation uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
    where c.id = conversation and (select auth.uid()) in (c.participant_1, c.participant_2)
  );
$$;
comment on function public.is_conversation_participant(uuid) is
  'True when the caller takes part in the conversation. Security definer so messages policies do not re-enter conversations RLS.';

create or replace function public.is_contact(other uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
    where (c.participant_1 = (select auth.uid()) and c.participant_2 = other)
       or (c.participant_2 = (select auth.uid()) and c.participant_1 = other)
  ) or exists (
    select 1 from public.appointments a
    where (a.business_id = (select auth.uid()) and a.professional_id = other)
       or (a.professional_id = (select auth.uid()) and a.business_id = other)
  );
$$;
comment on function public.is_contact(uuid) is
  'True when the caller and other share a conversation or an appointment (their contacts). Used by the presence policy.';

create or replace function public.account_type_of(user_uuid uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.account_type from public.profiles p where p.id = user_uuid;
$$;
comment on function public.account_type_of(uuid) is 'A user''s account type (professional or business), for policies.';

create or replace function public.touch_conversation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.conversations set last_message_at = new.created_at where id = new.conversation_id;
  return null;
end;
$$;
comment on function public.touch_conversation() is 'Trigger: keeps conversations.last_message_at for ordering the inbox.';

drop trigger if exists messages_touch_conversation on public.messages;
create trigger messages_touch_conversation
  after insert on public.messages
  for each row execute function public.touch_conversation();

create or replace function public.guard_message_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.id is distinct from old.id or new.conversation_id is distinct from old.conversation_id
     or new.sender_id is distinct from old.sender_id or new.content is distinct from old.content
     or new.file_id is distinct from old.file_id or new.created_at is distinct from old.created_at then
    raise exception 'only read_at can change on a message' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end;
$$;
comment on function public.guard_message_update() is 'Trigger: a recipient may mark a message read; nothing else on a sent message changes.';

drop trigger if exists messages_guard_update on public.messages;
create trigger messages_guard_update
  before update on public.messages
  for each row execute function public.guard_message_update();

create or replace function public.guard_appointment_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.business_id is distinct from old.business_id or new.professional_id is distinct from old.professional_id
     or new.created_by is distinct from old.created_by or new.video_room is distinct from old.video_room then
    raise exception 'the parties and room of an appointment cannot change' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function public.guard_appointment_update() is 'Trigger: parties may reschedule or change status, never swap who the appointment is between.';

drop trigger if exists appointments_guard_update on public.appointments;
create trigger appointments_guard_update
  before update on public.appointments
  for each row execute function public.guard_appointment_update();

-- policies -----------------------------------------------------------------------------------

alter table public.conversations enable row level security;
alter table public.messages enable row level security;
alter table public.appointments enable row level security;
alter table public.user_presence enable row level security;

drop policy if exists conversations_select on public.conversations;
create policy conversations_select on public.conversations
  for select to authenticated
  using ((select auth.uid()) in (participant_1, participant_2));
comment on policy conversations_select on public.conversations is 'Only the two participants see a conversation (not even admins: messages are private).';

drop policy if exists conversations_insert on public.conversations;
create policy conversations_insert on public.conversations
  for insert to authenticated
  with check ((select auth.uid()) in (participant_1, participant_2));
comment on policy conversations_insert on public.conversations is 'A user starts a conversation that includes themselves.';
-- no update or delete policies: last_message_at is kept by a trigger, history stays for the other party.

drop policy if exists messages_select on public.messages;
create policy messages_select on public.messages
  for select to authenticated
  using ((select public.is_conversation_participant(conversation_id)));
comment on policy messages_select on public.messages is 'Only conversation participants read its messages.';

drop policy if exists messages_insert on public.messages;
create policy messages_insert on public.messages
  for insert to authenticated
  with check (sender_id = (select auth.uid()) and (select public.is_conversation_participant(conversation_id)));
comment on policy messages_insert on public.messages is 'A participant sends messages as themselves only.';

drop policy if exists messages_update on public.messages;
create policy messages_update on public.messages
  for update to authenticated
  using (sender_id <> (select auth.uid()) and (select public.is_conversation_participant(conversation_id)))
  with check (sender_id <> (select auth.uid()) and (select public.is_conversation_participant(conversation_id)));
comment on policy messages_update on public.messages is 'The recipient marks messages read (trigger messages_guard_update allows only read_at to change).';

drop policy if exists messages_delete on public.messages;
create policy messages_delete on public.messages
  for delete to authenticated
  using (sender_id = (select auth.uid()));
comment on policy messages_delete on public.messages is 'Senders may delete (unsend) their own messages.';

drop policy if exists appointments_select on public.appointments;
create policy appointments_select on public.appointments
  for select to authenticated
  using ((select auth.uid()) in (business_id, professional_id));
comment on policy appointments_select on public.appointments is 'Only the business and the professional see their appointment.';

drop policy if exists appointments_insert on public.appointments;
create policy appointments_insert on public.appointments
  for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and (select auth.uid()) in (business_id, professional_id)
    and (select public.account_type_of(business_id)) = 'business'
    and (select public.account_type_of(professional_id)) = 'professional'
  );
comment on policy appointments_insert on public.appointments is
  'Either party books an appointment between a business account and a professional account, as themselves.';

drop policy if exists appointments_update on public.appointments;
create policy appointments_update on public.appointments
  for update to authenticated
  using ((select auth.uid()) in (business_id, professional_id))
  with check ((select auth.uid()) in (business_id, professional_id));
comment on policy appointments_update on public.appointments is 'Either party reschedules, confirms, declines, cancels or completes; the parties cannot change.';
-- no delete policy: appointments are cancelled, not deleted, so both parties keep the record.

drop policy if exists user_presence_select on public.user_presence;
create policy user_presence_select on public.user_presence
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_contact(user_id)));
comment on policy user_presence_select on public.user_presence is 'Users see their own presence and that of their contacts (conversation partners, appointment counterparts).';

drop policy if exists user_presence_insert on public.user_presence;
create policy user_presence_insert on public.user_presence
  for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy user_presence_insert on public.user_presence is 'Users create only their own presence row.';

drop policy if exists user_presence_update on public.user_presence;
create policy user_presence_update on public.user_presence
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy user_presence_update on public.user_presence is 'Users set only their own status and metadata.';

drop policy if exists user_presence_delete on public.user_presence;
create policy user_presence_delete on public.user_presence
  for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy user_presence_delete on public.user_presence is 'Users may clear their own presence row.';

-- rpc ----------------------------------------------------------------------------------------

create or replace function public.update_user_presence(p_user_id uuid, p_status text)
returns public.user_presence
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row public.user_presence;
begin
  if (select auth.uid()) is null or p_user_id is distinct from (select auth.uid()) then
    raise exception 'you may only update your own presence' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('online', 'away', 'busy', 'offline') then
    raise exception 'status must be online, away, busy or offline' using errcode = '22023';
  end if;
  insert into public.user_presence as up (user_id, status, last_seen)
  values (p_user_id, p_status, now())
  on conflict (user_id) do update set status = excluded.status, last_seen = excluded.last_seen
  returning up.* into v_row;
  return v_row;
end;
$$;
comment on function public.update_user_presence(uuid, text) is
  'Sets the caller''s presence status and last_seen (the 30 s heartbeat). Security invoker: the user_presence policies apply, and p_user_id must be the caller.';

-- realtime -------------------------------------------------------------------------------------

alter table public.user_presence replica identity full;
alter table public.messages replica identity full;
alter table public.conversations replica identity full;
alter table public.appointments replica identity full;

do $$
declare
  t text;
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  foreach t in array array['messages', 'user_presence', 'conversations', 'appointments'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end;
$$;
