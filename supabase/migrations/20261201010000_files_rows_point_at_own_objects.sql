-- public.files rows may only name objects of the caller's own (docs/decisions/0142). a row's
-- bucket and storage_path are handed to storage by the frontends, by delete-my-account and
-- formerly by the data export with the service role; an unchecked path such as
-- '../../auth/v1/admin/users' or '<someone else>/x' turned those into a forger of requests.

-- the path's form: what the storage api accepts as an object name (no empty, '.' or '..'
-- segments, no backslash, '#', '%' or control characters). not valid: rows written before this
-- rule are not rejected retroactively, but nothing reads them with the service role any more.
alter table public.files drop constraint if exists files_storage_path_form;
alter table public.files add constraint files_storage_path_form check (
  storage_path !~ '(^|/)\.{0,2}(/|$)'
  and storage_path !~ '[\x01-\x1f\x7f-\x9f\\#%]'
) not valid;

-- the buckets whose objects the files tab lists: uploads and call recordings.
alter table public.files drop constraint if exists files_bucket_listed;
alter table public.files add constraint files_bucket_listed
  check (bucket in ('files', 'call-recordings')) not valid;

create or replace function public.is_own_object_path(p_bucket text, p_path text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select case p_bucket
    when 'files' then (storage.foldername(p_path))[1] = (select auth.uid())::text
    when 'call-recordings' then
      (storage.foldername(p_path))[2] = (select auth.uid())::text
      and (select public.is_conversation_folder((storage.foldername(p_path))[1]))
    else false
  end
$$;
comment on function public.is_own_object_path(text, text) is
  'Whether bucket/path lies in a folder the caller writes: files/<own id>/..., call-recordings/<own conversation>/<own id>/... (the same folders the storage insert policies allow).';
revoke all on function public.is_own_object_path(text, text) from public, anon;
grant execute on function public.is_own_object_path(text, text) to authenticated, service_role;

drop policy if exists files_insert on public.files;
create policy files_insert on public.files
  for insert to authenticated
  with check (owner_id = (select auth.uid())
    and (select public.is_own_object_path(bucket, storage_path)));
comment on policy files_insert on public.files is
  'Users record their own uploads: the row must name an object in a folder of their own.';

drop policy if exists files_update on public.files;
create policy files_update on public.files
  for update to authenticated
  using (owner_id = (select auth.uid()))
  with check (owner_id = (select auth.uid())
    and (select public.is_own_object_path(bucket, storage_path)));
comment on policy files_update on public.files is
  'Owners rename or share their files; a moved row must still name an object of their own.';

-- sharing through a files row opens the object only when the row's owner owns the folder, so a
-- row written before the rule above cannot share someone else's object.
drop policy if exists files_objects_select on storage.objects;
create policy files_objects_select on storage.objects
  for select to authenticated
  using (
    bucket_id = 'files' and (
      (storage.foldername(name))[1] = (select auth.uid())::text
      or exists (
        select 1 from public.files f
        where f.bucket = 'files' and f.storage_path = objects.name
          and f.owner_id::text = (storage.foldername(objects.name))[1]
          and (select auth.uid()) = any (f.shared_with))));
comment on policy files_objects_select on storage.objects is
  'Owners read their files; users listed in shared_with of the owner''s own public.files row for the object read them too.';

-- message attachments: the recipient's app signs attachment.path with their own token, and
-- send_message only checks that it starts with '<conversation>/<sender>/'; a path that climbs
-- out ('<c>/<me>/../../../../auth/v1/logout') would make that a request as the recipient.
alter table public.messages drop constraint if exists messages_attachment_path_form;
alter table public.messages add constraint messages_attachment_path_form check (
  attachment is null or (
    (attachment ->> 'path') !~ '(^|/)\.{0,2}(/|$)'
    and (attachment ->> 'path') !~ '[\x01-\x1f\x7f-\x9f\\#%?]')
) not valid;
