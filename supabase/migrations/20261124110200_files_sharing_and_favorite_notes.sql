-- files: sharing only with conversation partners, and the storage figure the usage bar shows.
-- favorites: a private note per favourite.

create or replace function public.is_conversation_partner(other uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
    where (c.participant_1 = (select auth.uid()) and c.participant_2 = other)
       or (c.participant_2 = (select auth.uid()) and c.participant_1 = other)
  );
$$;
comment on function public.is_conversation_partner(uuid) is
  'True when the caller and other have a conversation: the people a file may be shared with.';

create or replace function public.guard_file_sharing()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_added uuid;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  for v_added in
    select x from unnest(new.shared_with) x
    except
    select y from unnest(case when tg_op = 'UPDATE' then old.shared_with else '{}'::uuid[] end) y
  loop
    if v_added = new.owner_id or not public.is_conversation_partner(v_added) then
      raise exception 'files can be shared only with people you have a conversation with'
        using errcode = '42501';
    end if;
  end loop;
  return new;
end;
$$;
comment on function public.guard_file_sharing() is
  'Trigger: a file is shared only with the owner''s conversation partners (checked for each newly added reader).';

drop trigger if exists files_guard_sharing on public.files;
create trigger files_guard_sharing
  before insert or update of shared_with on public.files
  for each row execute function public.guard_file_sharing();

create or replace function public.my_storage_usage()
returns table (used_bytes bigint, limit_mb integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'sign in to see your storage' using errcode = '42501';
  end if;
  -- the same sums the storage server's quota check uses: every object the caller owns.
  return query
    select
      coalesce((select sum((o.metadata ->> 'size')::bigint) from storage.objects o
        where o.owner_id = (select auth.uid())::text), 0)::bigint,
      (select (p.limits ->> 'file_storage')::integer from public.subscription_plans p
        where p.type = coalesce((select s.plan_type from public.user_subscriptions s
          where s.user_id = (select auth.uid()) and s.status = 'active'), 'free'));
end;
$$;
comment on function public.my_storage_usage() is
  'Bytes the caller stores (all buckets, as the upload quota counts them) and their plan''s file_storage limit in MB (-1 unlimited).';

revoke all on function public.is_conversation_partner(uuid), public.guard_file_sharing(),
  public.my_storage_usage() from public, anon, authenticated;
grant execute on function public.is_conversation_partner(uuid), public.my_storage_usage() to authenticated, service_role;
grant execute on function public.guard_file_sharing() to service_role;

-- favorites: a private note ------------------------------------------------------------------

alter table public.favorites add column if not exists note text not null default ''
  check (char_length(note) <= 2000);
comment on column public.favorites.note is 'The user''s private note about this professional; only they see it.';

drop policy if exists favorites_update on public.favorites;
create policy favorites_update on public.favorites
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
comment on policy favorites_update on public.favorites is 'Users edit the note on their own favourites (only the note column is granted).';

grant update (note) on table public.favorites to authenticated;
