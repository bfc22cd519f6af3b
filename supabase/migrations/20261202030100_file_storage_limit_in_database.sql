-- The plan's file_storage limit enforced by the database (docs/decisions/0171-file-storage-limit-in-the-database.md),
-- so it holds wherever this supabase/ folder is deployed: on hosted Supabase the storage service
-- is not ours and runs no quota check of its own. A trigger on storage.objects (insert and
-- update) sums what the object's owner stores (metadata->>'size', as Supabase Storage writes it)
-- and refuses a row that would take them past their plan's limit.
--   * it runs whatever the role: hosted Supabase writes the final object row as its own
--     privileged user (with owner_id set to the uploader), the bundled server as the caller;
--   * one owner's writes queue on an advisory lock, so parallel uploads cannot all slip under;
--   * the refusal is SQLSTATE 42501 with a plain message: Supabase Storage answers that code with
--     403 and the message (its "AccessDenied"), and so does the bundled storage server;
--   * a user's own writes (the roles anon and authenticated) may not set someone else as the
--     owner, change an object's owner, or change its size without new contents (a new version),
--     so the sum cannot be talked down.

create or replace function public.enforce_file_storage_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- the role the request runs as (set by the api; security definer does not change it)
  v_by_user constant boolean := coalesce(current_setting('role', true), '') in ('anon', 'authenticated');
  v_owner constant text := coalesce(new.owner_id, new.owner::text);
  v_size constant bigint := case when (new.metadata ->> 'size') ~ '^[0-9]{1,18}$'
    then (new.metadata ->> 'size')::bigint else 0 end;
  v_old_size bigint := 0;
  v_limit_mb float8;
  v_used bigint;
begin
  if v_by_user then
    if tg_op = 'INSERT' and v_owner is distinct from (select auth.uid())::text then
      raise exception 'An object belongs to whoever uploads it' using errcode = '42501';
    end if;
    if tg_op = 'UPDATE' and (new.owner_id is distinct from old.owner_id
        or new.owner is distinct from old.owner) then
      raise exception 'An object''s owner cannot be changed' using errcode = '42501';
    end if;
    if tg_op = 'UPDATE' and new.metadata is distinct from old.metadata
        and new.version is not distinct from old.version then
      raise exception 'An object''s metadata changes only with new contents' using errcode = '42501';
    end if;
  end if;
  if v_owner is null or v_size = 0 then
    return new;
  end if;
  if tg_op = 'UPDATE' and v_owner is not distinct from coalesce(old.owner_id, old.owner::text) then
    v_old_size := case when (old.metadata ->> 'size') ~ '^[0-9]{1,18}$'
      then (old.metadata ->> 'size')::bigint else 0 end;
    if v_size <= v_old_size then
      return new; -- a move, or smaller contents: never refused, even over a lowered limit
    end if;
  end if;
  -- the same key as the bundled storage server's early check, so the two queue together
  perform pg_advisory_xact_lock(hashtext('storage-quota:' || v_owner));
  select (p.limits ->> 'file_storage')::float8 into v_limit_mb
    from public.subscription_plans p
   where p.type = coalesce((select s.plan_type from public.user_subscriptions s
      where s.user_id::text = v_owner and s.status = 'active'), 'free');
  if v_limit_mb is null or v_limit_mb < 0 then
    return new; -- unlimited, or not a user with a plan
  end if;
  -- a fresh snapshot after the lock: what a write that held it before has committed counts
  select coalesce(sum(case when (o.metadata ->> 'size') ~ '^[0-9]{1,18}$'
      then (o.metadata ->> 'size')::bigint else 0 end), 0)
    into v_used
    from storage.objects o
   where o.owner_id = v_owner
     and o.id <> new.id
     and not (o.bucket_id = new.bucket_id and o.name = new.name);
  if v_used + v_size > v_limit_mb * 1048576 then
    raise exception '%', format(
      'Your plan includes %s MB of file storage and %s MB is in use; this upload of %s MB does not fit',
      v_limit_mb, round(v_used / 1048576.0, 1), round(v_size / 1048576.0, 1)
    ) using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function public.enforce_file_storage_limit() is
  'Before insert or update on storage.objects: refuses (42501, which storage answers with 403) an object that would take its owner past their plan''s file_storage limit, and a user''s attempt to change an object''s owner or size without new contents.';
revoke all on function public.enforce_file_storage_limit() from public, anon, authenticated;

drop trigger if exists objects_file_storage_limit on storage.objects;
create trigger objects_file_storage_limit before insert or update on storage.objects
  for each row execute function public.enforce_file_storage_limit();
