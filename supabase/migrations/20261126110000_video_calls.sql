-- video calls: the private signalling channel call:<id> admits the two parties of a conversation
-- or of an appointment (and nobody while either has blocked the other); a finished call is kept
-- in its conversation as an event message (kind 'call') with its length. docs/decisions/0073.

-- who may use call:<id> ---------------------------------------------------------------------

create or replace function public.may_use_realtime_topic(topic text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case split_part(topic, ':', 1)
    when 'user' then split_part(topic, ':', 2) = (select auth.uid())::text
    when 'call' then exists (
      select 1 from public.appointments a
      where a.id::text = split_part(topic, ':', 2)
        and (select auth.uid()) in (a.business_id, a.professional_id)
        and not public.is_blocked_between(a.business_id, a.professional_id))
      or exists (
      select 1 from public.conversations c
      where c.id::text = split_part(topic, ':', 2)
        and (select auth.uid()) in (c.participant_1, c.participant_2)
        and not public.is_blocked_between(c.participant_1, c.participant_2))
    when 'conversation' then exists (
      select 1 from public.conversations c
      where c.id::text = split_part(topic, ':', 2)
        and (select auth.uid()) in (c.participant_1, c.participant_2))
    else false
  end and (select auth.uid()) is not null
$$;
comment on function public.may_use_realtime_topic(text) is
  'True when the caller may join and send on the private realtime channel: user:<own id>; call:<appointment or conversation id> for its two parties unless either blocked the other; conversation:<id> for its participants.';

-- call events in the conversation ------------------------------------------------------------

alter table public.messages add column if not exists kind text not null default 'text';
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'messages_kind_check') then
    alter table public.messages add constraint messages_kind_check check (kind in ('text', 'call'));
  end if;
end;
$$;
comment on column public.messages.kind is
  'text: a message someone wrote; call: a video call between the two participants (written by record_call, its length in call_seconds).';

alter table public.messages add column if not exists call_seconds integer
  check (call_seconds is null or call_seconds between 0 and 86400);
comment on column public.messages.call_seconds is 'For kind call: how long the call lasted, in seconds.';

-- kind and call_seconds are immutable like the rest of a message.
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
     or new.file_id is distinct from old.file_id or new.created_at is distinct from old.created_at
     or new.client_id is distinct from old.client_id or new.attachment is distinct from old.attachment
     or new.kind is distinct from old.kind or new.call_seconds is distinct from old.call_seconds then
    raise exception 'only read_at can change on a message' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end;
$$;

-- people write text messages; only record_call writes call events.
drop policy if exists messages_insert on public.messages;
create policy messages_insert on public.messages
  for insert to authenticated
  with check (sender_id = (select auth.uid()) and kind = 'text' and call_seconds is null
    and (select public.is_conversation_participant(conversation_id)));
comment on policy messages_insert on public.messages is
  'A participant sends text messages as themselves only; call events come from record_call.';

create or replace function public.record_call(
  p_call_id uuid,
  p_conversation_id uuid,
  p_seconds integer
)
returns public.messages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_row public.messages;
  v_seconds integer := greatest(0, least(coalesce(p_seconds, 0), 86400));
begin
  if v_uid is null then
    raise exception 'Sign in to record a call.' using errcode = '42501';
  end if;
  if p_call_id is null or p_conversation_id is null then
    raise exception 'A call needs its id and conversation.' using errcode = '22023';
  end if;
  if not exists (
    select 1 from public.conversations c
    where c.id = p_conversation_id and v_uid in (c.participant_1, c.participant_2)
  ) then
    raise exception 'Conversation not found.' using errcode = 'PT404';
  end if;

  -- both parties report the same call (the same id): the first report is kept.
  select * into v_row from public.messages m where m.client_id = p_call_id;
  if found then
    if v_row.kind <> 'call' or v_row.conversation_id <> p_conversation_id then
      raise exception 'That call id is already taken.' using errcode = '23505';
    end if;
    return v_row;
  end if;

  insert into public.messages as m (conversation_id, sender_id, content, client_id, kind, call_seconds, read_at)
    values (p_conversation_id, v_uid,
      format('Video call, %s:%s', v_seconds / 60, lpad((v_seconds % 60)::text, 2, '0')),
      p_call_id, 'call', v_seconds, now())
    on conflict (client_id) do nothing
    returning m.* into v_row;
  if v_row.id is null then
    select * into v_row from public.messages m where m.client_id = p_call_id and m.kind = 'call';
  end if;
  return v_row;
end;
$$;
comment on function public.record_call(uuid, uuid, integer) is
  'Keeps a finished video call in its conversation as a call event with its length. Both parties may report it under the same call id; one event is stored. Already read: both were there.';

revoke all on function public.record_call(uuid, uuid, integer) from public, anon;
grant execute on function public.record_call(uuid, uuid, integer) to authenticated, service_role;
