-- who may join (select) and send on (insert) private realtime channels. realtime.topic() is the
-- channel name without the "realtime:" prefix. channels:
--   user:<uuid>               only that user (their own notifications, cross-device signals)
--   call:<appointment_id>     only the appointment's two parties (video-call signalling)
--   conversation:<id>         only the conversation's two participants (typing indicators)
-- anything else is refused for private channels; public channels are not checked.

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
        and (select auth.uid()) in (a.business_id, a.professional_id))
    when 'conversation' then exists (
      select 1 from public.conversations c
      where c.id::text = split_part(topic, ':', 2)
        and (select auth.uid()) in (c.participant_1, c.participant_2))
    else false
  end and (select auth.uid()) is not null
$$;
comment on function public.may_use_realtime_topic(text) is
  'True when the caller may join and send on the private realtime channel (user:<id>, call:<appointment>, conversation:<id>).';
revoke all on function public.may_use_realtime_topic(text) from public, anon;
grant execute on function public.may_use_realtime_topic(text) to authenticated, service_role;

drop policy if exists realtime_private_channels_select on realtime.messages;
create policy realtime_private_channels_select on realtime.messages
  for select to authenticated
  using (extension in ('broadcast', 'presence') and (select public.may_use_realtime_topic(realtime.topic())));

drop policy if exists realtime_private_channels_insert on realtime.messages;
create policy realtime_private_channels_insert on realtime.messages
  for insert to authenticated
  with check (extension in ('broadcast', 'presence') and (select public.may_use_realtime_topic(realtime.topic())));
