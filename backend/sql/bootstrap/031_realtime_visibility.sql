-- local-only bootstrap: which of many subscribers may see one changed row, in one call (one
-- round trip per change instead of two queries per subscriber). for each identity it switches
-- role and request.jwt.claims, transaction-locally, exactly as a request would, and reads the
-- row by its key: rls decides. called only by the server (session user postgres), inside a
-- read-only transaction; switching role back and forth is allowed because set role is checked
-- against the session user.
create or replace function realtime.visible_rows(p_relation regclass, p_pk jsonb, p_identities jsonb)
returns table (idx int, row_data jsonb)
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_sql text;
  v_identity jsonb;
  v_i int := 0;
  v_row jsonb;
begin
  select 'select to_jsonb(t) from ' || p_relation::text || ' t, jsonb_populate_record(null::'
      || p_relation::text || ', $1) k where '
      || coalesce(string_agg(format('t.%1$I = k.%1$I', key), ' and '), 'false')
    into v_sql
    from jsonb_object_keys(p_pk) as key;
  for v_identity in select value from jsonb_array_elements(p_identities) loop
    -- a role that may not read the table at all sees nothing (checked here rather than caught:
    -- an exception block would cost a subtransaction per subscriber).
    if has_table_privilege(v_identity ->> 'role', p_relation, 'select') then
      perform set_config('role', v_identity ->> 'role', true),
        set_config('request.jwt.claims', v_identity ->> 'claims', true);
      v_row := null;
      execute v_sql into v_row using p_pk;
      if v_row is not null then
        idx := v_i;
        row_data := v_row;
        return next;
      end if;
    end if;
    v_i := v_i + 1;
  end loop;
  perform set_config('role', 'none', true);
end;
$$;
revoke all on function realtime.visible_rows(regclass, jsonb, jsonb) from public;
