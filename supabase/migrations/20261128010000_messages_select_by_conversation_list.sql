-- reading messages no longer costs a function call per stored message.
--
-- messages_select asked is_conversation_participant(conversation_id) of every row it looked at.
-- that is cheap for one thread read through its index, but a read that is not narrowed to one
-- conversation first (the overview's unread panel and the unread badge: read_at is null and
-- sender is not me, with an exact count) had to run it for every unread message of everyone,
-- and grew with the whole table: about 0.25 s with 20,000 messages, seconds with 1,000,000
-- (bench/scale-100k.ts, docs/benchmarks.md "Data ten times larger"). the policy now compares
-- conversation_id with the caller's conversation ids, computed once per statement (an init plan),
-- so the planner reads only those conversations' messages through messages_unread_idx or
-- messages_conversation_created_idx. who may read what is unchanged: the participants of a
-- conversation, nobody else.

create or replace function public.my_conversation_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(c.id), '{}')
  from public.conversations c
  where c.participant_1 = (select auth.uid()) or c.participant_2 = (select auth.uid());
$$;
comment on function public.my_conversation_ids() is
  'The ids of the conversations the caller takes part in (empty for anon). Security definer so the messages policy does not re-enter conversations RLS; evaluated once per statement there.';
revoke all on function public.my_conversation_ids() from public, anon;
grant execute on function public.my_conversation_ids() to authenticated, service_role;

drop policy if exists messages_select on public.messages;
create policy messages_select on public.messages
  for select to authenticated
  using (conversation_id = any ((select public.my_conversation_ids())::uuid[]));
comment on policy messages_select on public.messages is
  'Only conversation participants read its messages (the caller''s conversation ids, computed once per statement).';
