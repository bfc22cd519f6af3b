-- local-only bootstrap: the realtime schema hosted supabase already has (realtime.messages,
-- realtime.topic()) plus what this backend needs to carry changes without logical decoding:
-- a trigger function that sends each row change with notify (installed on every table of the
-- supabase_realtime publication by backend/src/realtime/triggers.ts). idempotent.

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

-- hosted supabase partitions this by day; one plain table is enough here. rows written by the
-- authorisation probes are always rolled back.
create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update, delete on realtime.messages to anon, authenticated, service_role;

-- the sub-topic (channel name without "realtime:") being authorised; set by the server.
create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- gives every change notification a distinct payload: notify collapses identical payloads
-- sent in one transaction, which would drop a real second change.
create sequence if not exists realtime.change_seq;

-- after insert/update/delete for each row. tg_argv holds the primary key columns. a payload
-- over notify's 8000-byte limit is sent without the record: the server re-reads the row by key.
create or replace function realtime.notify_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_new jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) end;
  v_old jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) end;
  v_pk jsonb := '{}'::jsonb;
  v_old_pk jsonb := '{}'::jsonb;
  v_payload jsonb;
  i int;
begin
  for i in 0 .. tg_nargs - 1 loop
    v_pk := v_pk || jsonb_build_object(tg_argv[i], coalesce(v_new, v_old) -> tg_argv[i]);
    if v_old is not null then
      v_old_pk := v_old_pk || jsonb_build_object(tg_argv[i], v_old -> tg_argv[i]);
    end if;
  end loop;
  v_payload := jsonb_build_object(
    'seq', nextval('realtime.change_seq'),
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'pk', v_pk,
    'old_pk', case when v_old is null then null else v_old_pk end,
    'record', v_new);
  if octet_length(v_payload::text) > 7900 then
    v_payload := v_payload - 'record' || jsonb_build_object('truncated', true);
  end if;
  perform pg_notify('realtime_changes', v_payload::text);
  return null;
end;
$$;
revoke all on function realtime.notify_change() from public;
