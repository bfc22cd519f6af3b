-- download my data: a user asks for a copy of everything of theirs; the export-my-data function
-- builds it in the background (every row they own, found by walking the foreign keys to their
-- profile and account, plus their stored files) into one JSON file in the private exports
-- bucket, reporting progress on a data_exports row the settings page watches.

create table if not exists public.data_exports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  status text not null default 'building' check (status in ('building', 'ready', 'failed')),
  progress integer not null default 0 check (progress between 0 and 100),
  storage_path text check (char_length(storage_path) <= 500),
  row_count integer check (row_count >= 0),
  file_count integer check (file_count >= 0),
  size_bytes bigint check (size_bytes >= 0),
  error text check (char_length(error) <= 500),
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
comment on table public.data_exports is
  'Data export requests (GDPR access and portability). Created and advanced only by the export-my-data function (service role); the user reads their own to follow progress and find the file (exports/<user id>/<export id>.json).';
create index if not exists data_exports_user_created_idx on public.data_exports (user_id, created_at desc);

alter table public.data_exports enable row level security;
revoke all on table public.data_exports from public, anon, authenticated;
grant select on table public.data_exports to authenticated;
grant all on table public.data_exports to service_role;

drop policy if exists data_exports_select on public.data_exports;
create policy data_exports_select on public.data_exports
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy data_exports_select on public.data_exports is
  'Users follow their own exports; nobody else (staff included) sees that someone asked for one. No write policies: only the function writes.';

-- the private bucket the archives go to -----------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('exports', 'exports', false, 500 * 1024 * 1024, array['application/json'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

drop policy if exists exports_objects_select on storage.objects;
create policy exports_objects_select on storage.objects
  for select to authenticated
  using (bucket_id = 'exports' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy exports_objects_select on storage.objects is
  'Users read (and sign download links for) their own exports only. No insert, update or delete policies: the export-my-data function writes with the service role.';

-- every row a user owns ---------------------------------------------------------------------

create or replace function public.export_user_rows(p_user uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_tables jsonb := '{}'::jsonb;
  v_rows jsonb;
  r record;
begin
  select u.email into v_email from auth.users u where u.id = p_user;
  if v_email is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  -- each public table with foreign keys to the user's profile or account: the rows where any of
  -- those columns is the user (their projects, messages sent, reviews given and received...).
  for r in
    select c.conrelid::regclass as tbl, c.conrelid::regclass::text as name,
      string_agg(format('t.%I = $1', a.attname), ' or ' order by a.attname) as cond
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and cardinality(c.conkey) = 1
      and c.confrelid in ('public.profiles'::regclass, 'auth.users'::regclass)
      and c.connamespace = 'public'::regnamespace
      and c.conrelid <> 'public.profiles'::regclass
    group by c.conrelid
    order by 2
  loop
    execute format('select coalesce(jsonb_agg(to_jsonb(t)), ''[]''::jsonb) from %s t where %s', r.tbl, r.cond)
      into v_rows using p_user;
    if jsonb_array_length(v_rows) > 0 then
      v_tables := v_tables || jsonb_build_object(replace(r.name, 'public.', ''), v_rows);
    end if;
  end loop;
  -- the messages of their conversations: what they received as well as what they sent
  select coalesce(jsonb_agg(to_jsonb(m) order by m.created_at), '[]'::jsonb) into v_rows
  from public.messages m join public.conversations c on c.id = m.conversation_id
  where p_user in (c.participant_1, c.participant_2);
  v_tables := v_tables - 'messages';
  if jsonb_array_length(v_rows) > 0 then
    v_tables := v_tables || jsonb_build_object('messages', v_rows);
  end if;
  -- what they handed us under their e-mail address rather than their account
  for r in select unnest(array['newsletter_subscribers', 'contact_messages', 'leads']) as name loop
    execute format('select coalesce(jsonb_agg(to_jsonb(t)), ''[]''::jsonb) from public.%I t where lower(t.email) = lower($1)', r.name)
      into v_rows using v_email;
    if jsonb_array_length(v_rows) > 0 then
      v_tables := v_tables || jsonb_build_object(r.name, v_rows);
    end if;
  end loop;
  return jsonb_build_object(
    'account', (
      select jsonb_build_object('id', u.id, 'email', u.email, 'phone', u.phone,
        'created_at', u.created_at, 'last_sign_in_at', u.last_sign_in_at,
        'email_confirmed_at', u.email_confirmed_at, 'user_metadata', u.raw_user_meta_data)
      from auth.users u where u.id = p_user),
    'profile', (select to_jsonb(p) - 'search_vector' - 'search_text' from public.profiles p where p.id = p_user),
    'company', (select to_jsonb(co) from public.companies co
      join public.profiles p on p.company_id = co.id where p.id = p_user),
    'tables', v_tables
  );
end;
$$;
comment on function public.export_user_rows(uuid) is
  'Every row a user owns, as {account, profile, company, tables: {name: rows}}: the rows of every public table whose foreign keys to profiles or auth.users name the user, every message of their conversations (received ones too), plus newsletter, contact and lead rows under their e-mail. No password hashes or tokens. Service role only (the export-my-data function).';

revoke all on function public.export_user_rows(uuid) from public, anon, authenticated;
grant execute on function public.export_user_rows(uuid) to service_role;
