-- storage buckets and their policies on storage.objects (decision 0029). portable: hosted
-- supabase already has the storage schema; locally backend/sql/bootstrap/020_storage.sql makes it.
-- path conventions: avatars/<user id>/..., files/<user id>/..., call-recordings/<appointment id>/...

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('avatars', 'avatars', true, 2 * 1024 * 1024,
    array['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  ('files', 'files', false, 50 * 1024 * 1024,
    array['application/pdf', 'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet',
      'text/plain', 'text/csv', 'text/markdown', 'application/rtf', 'application/json',
      'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml',
      'application/zip', 'application/x-zip-compressed', 'application/gzip',
      'application/x-7z-compressed', 'application/x-tar', 'application/octet-stream']),
  ('call-recordings', 'call-recordings', false, 100 * 1024 * 1024,
    array['audio/webm', 'video/webm', 'audio/mp4', 'video/mp4'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- avatars ------------------------------------------------------------------------------------

drop policy if exists avatars_select on storage.objects;
create policy avatars_select on storage.objects
  for select to anon, authenticated using (bucket_id = 'avatars');
comment on policy avatars_select on storage.objects is 'Avatars are public pictures.';

drop policy if exists avatars_insert on storage.objects;
create policy avatars_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_insert on storage.objects is 'Users upload avatars only into their own folder <uid>/.';

drop policy if exists avatars_update on storage.objects;
create policy avatars_update on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_update on storage.objects is 'Users replace or move avatars within their own folder.';

drop policy if exists avatars_delete on storage.objects;
create policy avatars_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_delete on storage.objects is 'Users delete their own avatars.';

-- files: the owner's folder, plus read access for users a public.files row shares it with ------

drop policy if exists files_objects_select on storage.objects;
create policy files_objects_select on storage.objects
  for select to authenticated
  using (
    bucket_id = 'files' and (
      (storage.foldername(name))[1] = (select auth.uid())::text
      or exists (
        select 1 from public.files f
        where f.bucket = 'files' and f.storage_path = objects.name
          and (select auth.uid()) = any (f.shared_with))));
comment on policy files_objects_select on storage.objects is
  'Owners read their files; users listed in the matching public.files row''s shared_with read them too.';

drop policy if exists files_objects_insert on storage.objects;
create policy files_objects_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy files_objects_insert on storage.objects is 'Users upload files only into their own folder <uid>/.';

drop policy if exists files_objects_update on storage.objects;
create policy files_objects_update on storage.objects
  for update to authenticated
  using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy files_objects_update on storage.objects is 'Owners replace or move files within their own folder.';

drop policy if exists files_objects_delete on storage.objects;
create policy files_objects_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy files_objects_delete on storage.objects is 'Owners delete their files.';

-- call recordings: <appointment id>/..., for the business and the professional of it ----------

create or replace function public.is_appointment_party(appointment_folder text)
returns boolean
language sql stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1 from public.appointments a
    where a.id::text = appointment_folder
      and (select auth.uid()) in (a.business_id, a.professional_id))
$$;
comment on function public.is_appointment_party(text) is
  'Whether the caller is one of the two parties of the appointment whose id names the folder (runs under the caller''s rls).';
revoke execute on function public.is_appointment_party(text) from public, anon;
grant execute on function public.is_appointment_party(text) to authenticated, service_role;

drop policy if exists call_recordings_select on storage.objects;
create policy call_recordings_select on storage.objects
  for select to authenticated
  using (bucket_id = 'call-recordings'
    and public.is_appointment_party((storage.foldername(name))[1]));
comment on policy call_recordings_select on storage.objects is 'Both parties of the appointment listen to its recordings.';

drop policy if exists call_recordings_insert on storage.objects;
create policy call_recordings_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'call-recordings'
    and public.is_appointment_party((storage.foldername(name))[1]));
comment on policy call_recordings_insert on storage.objects is 'Either party of the appointment uploads its recording.';

drop policy if exists call_recordings_update on storage.objects;
create policy call_recordings_update on storage.objects
  for update to authenticated
  using (bucket_id = 'call-recordings' and owner_id = (select auth.uid())::text
    and public.is_appointment_party((storage.foldername(name))[1]))
  with check (bucket_id = 'call-recordings' and owner_id = (select auth.uid())::text
    and public.is_appointment_party((storage.foldername(name))[1]));
comment on policy call_recordings_update on storage.objects is 'The uploader replaces their recording within the appointment folder.';

drop policy if exists call_recordings_delete on storage.objects;
create policy call_recordings_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'call-recordings' and owner_id = (select auth.uid())::text);
comment on policy call_recordings_delete on storage.objects is 'The uploader deletes their recording.';
