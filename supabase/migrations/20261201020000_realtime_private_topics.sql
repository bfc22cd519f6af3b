-- every realtime channel the frontends open is private, so the policies on realtime.messages
-- decide who joins, hears, sends and tracks presence on each one (docs/decisions/0144):
--   user:<uuid>                              only that user
--   call:<appointment or conversation id>    its two parties, unless either blocked the other
--   conversation:<id>                        the conversation's two participants
--   <per-user scope>:<uuid>[:<n>]            only that user: the row-change channels
--                                            inbox, appointments, reminders and
--                                            notification-centre (postgres_changes filtered by
--                                            RLS), and self-check (the testing portal's echo)
-- anything else is refused for private channels. a public channel of the same name is a
-- different channel (the server keeps the two namespaces apart), so it reaches nobody here.

create or replace function public.may_use_realtime_topic(topic text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case split_part(topic, ':', 1)
    when 'user' then topic = 'user:' || (select auth.uid())::text
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
    when 'inbox' then split_part(topic, ':', 2) = (select auth.uid())::text
    when 'appointments' then split_part(topic, ':', 2) = (select auth.uid())::text
    when 'reminders' then split_part(topic, ':', 2) = (select auth.uid())::text
    when 'notification-centre' then split_part(topic, ':', 2) = (select auth.uid())::text
    when 'self-check' then split_part(topic, ':', 2) = (select auth.uid())::text
    else false
  end and (select auth.uid()) is not null
$$;
comment on function public.may_use_realtime_topic(text) is
  'True when the caller may join, send and track presence on the private realtime channel: user:<own id>; call:<appointment or conversation id> for its two parties unless either blocked the other; conversation:<id> for its participants; inbox, appointments, reminders, notification-centre and self-check channels named <scope>:<own id>[:<n>].';
