-- "Download my data" holds the user's payments: their ledger rows (the ledger names people
-- without foreign keys, so the generic part of export_my_rows never saw them) and the receipt or
-- payment statement of each paid milestone (milestone_receipt, which answers each party with
-- their own figures). Milestones and payout accounts were already exported (foreign keys to
-- profiles). Read as the caller, as before: nobody else's rows.

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
  -- their money movements (the ledger names people without foreign keys): as the business, what
  -- they paid and what came back; as the professional, what they were paid, the fee kept and
  -- refunds of their milestones
  select coalesce(jsonb_agg(to_jsonb(l) order by l.id), '[]'::jsonb) into v_rows
  from public.ledger_entries l
  where (l.business_id = v_uid and l.kind in ('charge', 'refund'))
     or (l.professional_id = v_uid and l.kind in ('fee', 'transfer', 'payout', 'refund'));
  if jsonb_array_length(v_rows) > 0 then
    v_tables := v_tables || jsonb_build_object('ledger_entries', v_rows);
  end if;
  -- the receipt (business) or payment statement (professional) of each paid milestone of theirs
  select coalesce(jsonb_agg(public.milestone_receipt(m.id) order by m.created_at), '[]'::jsonb) into v_rows
  from public.milestones m
  where v_uid in (m.business_id, m.professional_id)
    and m.status in ('funded', 'delivered', 'approved', 'released', 'disputed', 'refund_pending', 'refunded');
  if jsonb_array_length(v_rows) > 0 then
    v_tables := v_tables || jsonb_build_object('payment_receipts', v_rows);
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
  'The caller''s data as {account, profile, company, tables: {name: rows}}, read under their own row-level security: rows of every public table whose foreign keys to profiles or auth.users name them and that they may read, every message of their conversations, their ledger rows (as the business: charges and refunds; as the professional: transfers, fees, payouts and refunds) and the receipt or statement of each paid milestone of theirs, plus their account and e-mail-matched rows (export_my_identity). Used by the export-my-data function with the user''s own token.';
revoke all on function public.export_my_rows() from public, anon;
grant execute on function public.export_my_rows() to authenticated, service_role;
