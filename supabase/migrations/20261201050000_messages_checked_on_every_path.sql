-- rules the database enforces (decision 0150), part one: every way a message is stored obeys the
-- same rules. send_message checked blocks and the 60-a-minute limit itself, but the messages_insert
-- policy also let a participant POST /rest/v1/messages directly, skipping both and choosing its
-- own created_at and read_at. A BEFORE INSERT trigger now applies the rules to every row a signed-in
-- user sends, whichever path it takes (send_message's own insert included).

create or replace function public.assert_may_send_message(p_sender uuid, p_conversation uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_partner uuid;
  v_recent integer;
  -- at most this many messages per user per minute; a person typing never comes near it.
  c_per_minute constant integer := 60;
begin
  select case when c.participant_1 = p_sender then c.participant_2 else c.participant_1 end
    into v_partner
    from public.conversations c
    where c.id = p_conversation and p_sender in (c.participant_1, c.participant_2);
  if v_partner is null then
    raise exception 'Conversation not found.' using errcode = 'PT404';
  end if;
  if public.is_blocked_between(p_sender, v_partner) then
    raise exception 'You cannot message this user.' using errcode = '42501';
  end if;
  select count(*) into v_recent from public.messages m
    where m.sender_id = p_sender and m.created_at > now() - interval '1 minute';
  if v_recent >= c_per_minute then
    raise exception 'You are sending messages too quickly. Please wait a minute and try again.'
      using errcode = 'PT429', hint = format('at most %s messages a minute', c_per_minute);
  end if;
end;
$$;
comment on function public.assert_may_send_message(uuid, uuid) is
  'Internal: raises unless p_sender may send into p_conversation now: a participant, not blocked either way, under 60 messages in the last minute. Used by the messages_send_rules trigger, so send_message and direct inserts share it.';

create or replace function public.messages_send_rules()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- a user sending (a request with a signed-in caller) is held to the rules; rows written by the
  -- server's own jobs and the demo seed (no caller) keep the times they were given.
  if (select auth.uid()) is null or new.kind <> 'text' then
    return new;
  end if;
  if new.sender_id is distinct from (select auth.uid()) then
    raise exception 'You can only send messages as yourself.' using errcode = '42501';
  end if;
  perform public.assert_may_send_message(new.sender_id, new.conversation_id);
  -- the server sets when a message was sent and that nobody has read it yet.
  new.created_at := now();
  new.read_at := null;
  return new;
end;
$$;
comment on function public.messages_send_rules() is
  'Trigger: a message a signed-in user sends (send_message or a direct insert) passes assert_may_send_message, and gets created_at = now() and read_at = null whatever the request said.';

drop trigger if exists messages_send_rules on public.messages;
create trigger messages_send_rules
  before insert on public.messages
  for each row execute function public.messages_send_rules();

revoke all on function public.assert_may_send_message(uuid, uuid) from public, anon, authenticated;
revoke all on function public.messages_send_rules() from public, anon, authenticated;
