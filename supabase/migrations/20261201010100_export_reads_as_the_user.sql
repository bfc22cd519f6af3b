-- download my data reads as the user (docs/decisions/0143). export_user_rows(uuid) ran as its
-- owner and took every row whose foreign key named the user, so an export held other people's
-- private rows about them: another user's favourite note on them, who blocked them, reports
-- about them. export_my_rows() runs as the caller, under row-level security: the rows of theirs
-- they can read, and nothing about them that they cannot.

drop function if exists public.export_user_rows(uuid);

-- the two parts no policy lets a user read: their own auth account, and what was handed in
-- under their e-mail address (newsletter, contact form, lead form) — the latter only once the
-- address is confirmed, so nobody reads rows filed under an address they do not hold.
create or replace function public.export_my_identity()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_user auth.users%rowtype;
  v_tables jsonb := '{}'::jsonb;
  v_rows jsonb;
  r record;
begin
  select * into v_user from auth.users u where u.id = v_uid;
  if v_user.id is null then
    raise exception 'sign in to export your data' using errcode = '42501';
  end if;
  if v_user.email_confirmed_at is not null then
    for r in select unnest(array['newsletter_subscribers', 'contact_messages', 'leads']) as name loop
      execute format('select coalesce(jsonb_agg(to_jsonb(t)), ''[]''::jsonb) from public.%I t where lower(t.email) = lower($1)', r.name)
        into v_rows using v_user.email;
      if jsonb_array_length(v_rows) > 0 then
        v_tables := v_tables || jsonb_build_object(r.name, v_rows);
      end if;
    end loop;
  end if;
  return jsonb_build_object(
    'account', jsonb_build_object('id', v_user.id, 'email', v_user.email, 'phone', v_user.phone,
      'created_at', v_user.created_at, 'last_sign_in_at', v_user.last_sign_in_at,
      'email_confirmed_at', v_user.email_confirmed_at, 'user_metadata', v_user.raw_user_meta_data),
    'tables', v_tables);
end;
$$;
comment on function public.export_my_identity() is
  'The caller''s own auth account (no password hash or tokens) and the newsletter, contact and lead rows under their confirmed e-mail address, for export_my_rows.';
revoke all on function public.export_my_identity() from public, anon;
grant execute on function public.export_my_identity() to authenticated, service_role;

create or replace function public.export_my_rows()
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_identity jsonb;
  v_tables jsonb;
  v_rows jsonb;
  r record;
begin
  v_identity := public.export_my_identity();
  v_tables := v_identity -> 'tables';
  -- each public table with foreign keys to profiles or auth.users, read as the caller: the rows
  -- where such a column is them and row-level security lets them see, in the columns they may
  -- select. tables they may not read at all are left out.
  for r in
    select c.conrelid::regclass as tbl, c.conrelid::regclass::text as name,
      string_agg(distinct format('t.%I = $1', a.attname), ' or ') as cond,
      (select string_agg(format('t.%I', col.attname), ', ' order by col.attnum)
        from pg_attribute col
        where col.attrelid = c.conrelid and col.attnum > 0 and not col.attisdropped
          and has_column_privilege(c.conrelid, col.attnum, 'select')) as cols
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and cardinality(c.conkey) = 1
      and c.confrelid in ('public.profiles'::regclass, 'auth.users'::regclass)
      and c.connamespace = 'public'::regnamespace
      and c.conrelid not in ('public.profiles'::regclass, 'public.messages'::regclass)
      and has_column_privilege(c.conrelid, a.attnum, 'select')
    group by c.conrelid
    order by 2
  loop
    continue when r.cols is null;
    execute format('select coalesce(jsonb_agg(to_jsonb(x)), ''[]''::jsonb) from (select %s from %s t where %s) x',
      r.cols, r.tbl, r.cond)
      into v_rows using v_uid;
    if jsonb_array_length(v_rows) > 0 then
      v_tables := v_tables || jsonb_build_object(replace(r.name, 'public.', ''), v_rows);
    end if;
  end loop;
  -- the messages of their conversations: what they received as well as what they sent
  select coalesce(jsonb_agg(to_jsonb(m) order by m.created_at), '[]'::jsonb) into v_rows
  from public.messages m join public.conversations c on c.id = m.conversation_id
  where v_uid in (c.participant_1, c.participant_2);
  if jsonb_array_length(v_rows) > 0 then
    v_tables := v_tables || jsonb_build_object('messages', v_rows);
  end if;
  return jsonb_build_object(
    'account', v_identity -> 'account',
    'profile', (select to_jsonb(p) - 'search_vector' - 'search_text' from public.profiles p where p.id = v_uid),
    'company', (select to_jsonb(co) from public.companies co
      join public.profiles p on p.company_id = co.id where p.id = v_uid),
    'tables', v_tables
  );
end;
$$;
comment on function public.export_my_rows() is
  'The caller''s data as {account, profile, company, tables: {name: rows}}, read under their own row-level security: rows of every public table whose foreign keys to profiles or auth.users name them and that they may read, every message of their conversations, plus their account and e-mail-matched rows (export_my_identity). Used by the export-my-data function with the user''s own token.';
revoke all on function public.export_my_rows() from public, anon;
grant execute on function public.export_my_rows() to authenticated, service_role;
