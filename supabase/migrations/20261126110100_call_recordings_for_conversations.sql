-- call recordings of conversation calls: call-recordings/<conversation id>/<recorder id>/...,
-- readable by the conversation's two participants only, written by a participant into their
-- own folder (recording needs both parties' consent in the call; docs/decisions/0074). The
-- appointment folders (<appointment id>/...) keep their policies from 20261122042000.

drop policy if exists call_recordings_conversation_select on storage.objects;
create policy call_recordings_conversation_select on storage.objects
  for select to authenticated
  using (bucket_id = 'call-recordings'
    and (select public.is_conversation_folder((storage.foldername(name))[1])));
comment on policy call_recordings_conversation_select on storage.objects is
  'Both participants of the conversation play its call recordings; nobody else.';

drop policy if exists call_recordings_conversation_insert on storage.objects;
create policy call_recordings_conversation_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'call-recordings'
    and (storage.foldername(name))[2] = (select auth.uid())::text
    and (select public.is_conversation_folder((storage.foldername(name))[1])));
comment on policy call_recordings_conversation_insert on storage.objects is
  'A participant uploads a recording (and its parts while recording) into <conversation id>/<own id>/.';
