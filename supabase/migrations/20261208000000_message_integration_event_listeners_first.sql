-- a message's integration event: ask whether the recipient has anything listening before the
-- payload is built. the arguments of emit_integration_event were evaluated first, so every
-- message looked its sender's name up twice for an event that, for nearly every recipient, was
-- then thrown away; at a thousand messages a second that was about 40% of the insert's trigger
-- time (bench/realtime-cluster.ts, docs/benchmarks/realtime.md). emit_integration_event still
-- checks again, so the outcome is unchanged.
create or replace function public.integration_on_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_recipient uuid;
  v_sender_name text;
begin
  select case when c.participant_1 = new.sender_id then c.participant_2 else c.participant_1 end
    into v_recipient
    from public.conversations c where c.id = new.conversation_id;
  if v_recipient is null
     or (not exists (
           select 1 from public.webhook_endpoints e
           where e.user_id = v_recipient and e.active and 'message.received' = any (e.events))
         and not exists (
           select 1 from public.automation_rules r
           where r.user_id = v_recipient and not r.paused and r.event = 'message.received')) then
    return null;
  end if;
  v_sender_name := public.name_of(new.sender_id);
  perform public.emit_integration_event(v_recipient, 'message.received', jsonb_build_object(
    'message_id', new.id,
    'conversation_id', new.conversation_id,
    'sender_id', new.sender_id,
    'sender_name', v_sender_name,
    'counterpart_id', new.sender_id,
    'counterpart_name', v_sender_name,
    'content', new.content,
    'automated', new.automated,
    'sent_at', new.created_at
  ), new.automated);
  return null;
end;
$$;
