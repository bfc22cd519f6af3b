-- integrations and the automation hub: a private calendar feed of a user's appointments, outgoing
-- webhooks signed with a per-endpoint secret, and "when EVENT [if CONDITION] then ACTION" rules.
-- events (a new message, match or proposal, an appointment booked or cancelled, a project hired)
-- are written by triggers to an outbox, integration_events, in the same transaction as the change;
-- a backend worker (backend/src/jobs/integrations-worker.ts) turns them into webhook deliveries
-- and rule runs with process_integration_events(), then posts the deliveries. nothing is lost when
-- the backend restarts: pending rows stay in the tables until a worker takes them.
-- docs/decisions/0098.

-- calendar feed ------------------------------------------------------------------------------

create table if not exists public.calendar_feeds (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  token text not null unique check (token ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
comment on table public.calendar_feeds is
  'A user''s private iCalendar feed address: whoever holds the token can read the user''s appointments, so only the user sees it; regenerate_calendar_feed replaces it and revoke_calendar_feed removes it.';

alter table public.calendar_feeds enable row level security;
revoke all on table public.calendar_feeds from public, anon, authenticated;
grant select on table public.calendar_feeds to authenticated;
grant all on table public.calendar_feeds to service_role;

drop policy if exists calendar_feeds_select on public.calendar_feeds;
create policy calendar_feeds_select on public.calendar_feeds
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy calendar_feeds_select on public.calendar_feeds is
  'Users read only their own feed token. Changes go through regenerate_calendar_feed and revoke_calendar_feed.';

create or replace function public.random_token()
returns text
language sql
volatile
set search_path = ''
as $$
  -- two version-4 uuids: 244 random bits, as 64 hex characters (no pgcrypto needed)
  select replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
$$;

create or replace function public.regenerate_calendar_feed()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_token text;
begin
  if v_uid is null then
    raise exception 'Sign in to create a calendar feed.' using errcode = '42501';
  end if;
  insert into public.calendar_feeds (user_id, token)
    values (v_uid, public.random_token())
    on conflict (user_id) do update
      set token = excluded.token, created_at = now(), last_used_at = null
    returning token into v_token;
  return v_token;
end;
$$;
comment on function public.regenerate_calendar_feed() is
  'Creates the caller''s calendar feed token, or replaces it (the old address stops working at once). Returns the new token.';

create or replace function public.revoke_calendar_feed()
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from public.calendar_feeds where user_id = (select auth.uid());
$$;
comment on function public.revoke_calendar_feed() is 'Removes the caller''s calendar feed: its address stops working at once.';

create or replace function public.calendar_feed_appointments(p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  update public.calendar_feeds f set last_used_at = now()
    where f.token = p_token
    returning f.user_id into v_user;
  if v_user is null then
    return null;
  end if;
  return jsonb_build_object(
    'user_id', v_user,
    'appointments', coalesce((
      select jsonb_agg(jsonb_build_object(
          'id', a.id,
          'title', a.title,
          'description', a.description,
          'status', a.status,
          'starts_at', a.starts_at,
          'ends_at', a.ends_at,
          'created_at', a.created_at,
          'updated_at', a.updated_at,
          'cancel_reason', a.cancel_reason,
          'other_party', coalesce(nullif(o.name, ''), 'ProMatch user')
        ) order by a.starts_at)
      from public.appointments a
      join public.profiles o
        on o.id = case when a.business_id = v_user then a.professional_id else a.business_id end
      where v_user in (a.business_id, a.professional_id)
        and a.status in ('proposed', 'confirmed', 'completed', 'cancelled')
        and a.ends_at > now() - interval '90 days'
      limit 1000
    ), '[]'::jsonb)
  );
end;
$$;
comment on function public.calendar_feed_appointments(text) is
  'For the calendar-feed edge function (service role only): the feed owner''s appointments from 90 days ago on, or null when the token is unknown. Stamps last_used_at.';

-- outbox of events ---------------------------------------------------------------------------

create table if not exists public.integration_events (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated by default as identity,
  user_id uuid not null references public.profiles (id) on delete cascade,
  event text not null check (event in (
    'message.received', 'match.created', 'proposal.received',
    'appointment.booked', 'appointment.cancelled', 'project.hired')),
  payload jsonb not null default '{}'::jsonb,
  automated boolean not null default false,
  created_at timestamptz not null default now(),
  processed_at timestamptz
);
comment on table public.integration_events is
  'Outbox: one row per event a user has a webhook or rule for, written by triggers in the changing transaction; process_integration_events fans it out. automated marks events caused by an automation (never run through rules again).';
create index if not exists integration_events_pending_idx on public.integration_events (seq)
  where processed_at is null;
create index if not exists integration_events_processed_idx on public.integration_events (processed_at)
  where processed_at is not null;

alter table public.integration_events enable row level security;
revoke all on table public.integration_events from public, anon, authenticated;
grant all on table public.integration_events to service_role;
-- no policies: only the backend worker (service role / owner) reads the outbox.

-- webhooks -----------------------------------------------------------------------------------

create table if not exists public.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  url text not null check (char_length(url) <= 2000 and url ~* '^https?://[^\s/?#@]+(/[^\s]*)?$'),
  description text not null default '' check (char_length(description) <= 200),
  events text[] not null check (
    cardinality(events) between 1 and 6
    and events <@ array['message.received', 'match.created', 'proposal.received',
      'appointment.booked', 'appointment.cancelled', 'project.hired']::text[]),
  secret text not null default ('whsec_' || public.random_token()),
  active boolean not null default true,
  disabled_reason text,
  consecutive_failures integer not null default 0,
  last_success_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.webhook_endpoints is
  'A user''s webhook: ProMatch POSTs the chosen events to url, signed with secret (HMAC-SHA256). Disabled automatically after repeated failed attempts; the owner re-enables it.';
create index if not exists webhook_endpoints_user_idx on public.webhook_endpoints (user_id);

create or replace function public.guard_webhook_endpoint()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if (select count(*) from public.webhook_endpoints e where e.user_id = new.user_id) >= 10 then
      raise exception 'You can have at most 10 webhooks.' using errcode = '22023';
    end if;
    return new;
  end if;
  if new.active and not old.active then
    -- the owner turned it back on: start counting failures afresh
    new.consecutive_failures := 0;
    new.disabled_reason := null;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

drop trigger if exists webhook_endpoints_guard on public.webhook_endpoints;
create trigger webhook_endpoints_guard
  before insert or update on public.webhook_endpoints
  for each row execute function public.guard_webhook_endpoint();

alter table public.webhook_endpoints enable row level security;
revoke all on table public.webhook_endpoints from public, anon, authenticated;
grant select, delete on table public.webhook_endpoints to authenticated;
grant insert (id, url, description, events) on table public.webhook_endpoints to authenticated;
grant update (url, description, events, active) on table public.webhook_endpoints to authenticated;
grant all on table public.webhook_endpoints to service_role;

drop policy if exists webhook_endpoints_select on public.webhook_endpoints;
create policy webhook_endpoints_select on public.webhook_endpoints
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy webhook_endpoints_select on public.webhook_endpoints is
  'Only the owner sees a webhook (its signing secret included); staff do not.';
drop policy if exists webhook_endpoints_insert on public.webhook_endpoints;
create policy webhook_endpoints_insert on public.webhook_endpoints
  for insert to authenticated with check (user_id = (select auth.uid()));
comment on policy webhook_endpoints_insert on public.webhook_endpoints is 'Users add webhooks for themselves.';
drop policy if exists webhook_endpoints_update on public.webhook_endpoints;
create policy webhook_endpoints_update on public.webhook_endpoints
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
comment on policy webhook_endpoints_update on public.webhook_endpoints is
  'The owner changes the address or events, pauses or re-enables it.';
drop policy if exists webhook_endpoints_delete on public.webhook_endpoints;
create policy webhook_endpoints_delete on public.webhook_endpoints
  for delete to authenticated using (user_id = (select auth.uid()));
comment on policy webhook_endpoints_delete on public.webhook_endpoints is 'The owner removes a webhook.';

-- automation rules (before deliveries, which may name the rule that asked for them) ---------------

create table if not exists public.automation_rules (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  event text not null check (event in (
    'message.received', 'match.created', 'proposal.received',
    'appointment.booked', 'appointment.cancelled')),
  condition_kind text not null default 'none' check (condition_kind in (
    'none', 'message_contains', 'sender_not_favourite', 'project_category')),
  condition_value text check (char_length(condition_value) <= 200),
  action text not null check (action in ('auto_reply', 'notify', 'add_favourite', 'webhook')),
  action_text text check (char_length(action_text) <= 2000),
  webhook_endpoint_id uuid references public.webhook_endpoints (id) on delete cascade,
  paused boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint automation_rules_condition_fits check (
    condition_kind = 'none'
    or (condition_kind = 'message_contains' and event = 'message.received'
        and char_length(btrim(coalesce(condition_value, ''))) > 0)
    or (condition_kind = 'sender_not_favourite'
        and event in ('message.received', 'proposal.received', 'appointment.booked', 'appointment.cancelled'))
    or (condition_kind = 'project_category' and event in ('match.created', 'proposal.received')
        and char_length(btrim(coalesce(condition_value, ''))) > 0)),
  constraint automation_rules_action_fits check (
    (action = 'auto_reply' and event = 'message.received'
      and char_length(btrim(coalesce(action_text, ''))) > 0)
    or (action = 'notify')
    or (action = 'add_favourite' and event in ('message.received', 'proposal.received'))
    or (action = 'webhook' and webhook_endpoint_id is not null))
);
comment on table public.automation_rules is
  'A user''s rule: when event happens (and the condition holds) do action. Run by process_integration_events; events caused by an automation never run rules (loop guard).';
create index if not exists automation_rules_user_event_idx on public.automation_rules (user_id, event)
  where not paused;

create or replace function public.guard_automation_rule()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT'
     and (select count(*) from public.automation_rules r where r.user_id = new.user_id) >= 50 then
    raise exception 'You can have at most 50 automation rules.' using errcode = '22023';
  end if;
  if new.webhook_endpoint_id is not null and not exists (
    select 1 from public.webhook_endpoints e
    where e.id = new.webhook_endpoint_id and e.user_id = new.user_id
  ) then
    raise exception 'Choose one of your own webhooks.' using errcode = '22023';
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

drop trigger if exists automation_rules_guard on public.automation_rules;
create trigger automation_rules_guard
  before insert or update on public.automation_rules
  for each row execute function public.guard_automation_rule();

alter table public.automation_rules enable row level security;
revoke all on table public.automation_rules from public, anon, authenticated;
grant select, delete on table public.automation_rules to authenticated;
grant insert (id, name, event, condition_kind, condition_value, action, action_text, webhook_endpoint_id, paused)
  on table public.automation_rules to authenticated;
grant update (name, event, condition_kind, condition_value, action, action_text, webhook_endpoint_id, paused)
  on table public.automation_rules to authenticated;
grant all on table public.automation_rules to service_role;

drop policy if exists automation_rules_select on public.automation_rules;
create policy automation_rules_select on public.automation_rules
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy automation_rules_select on public.automation_rules is 'Only the owner sees a rule.';
drop policy if exists automation_rules_insert on public.automation_rules;
create policy automation_rules_insert on public.automation_rules
  for insert to authenticated with check (user_id = (select auth.uid()));
comment on policy automation_rules_insert on public.automation_rules is 'Users add rules for themselves.';
drop policy if exists automation_rules_update on public.automation_rules;
create policy automation_rules_update on public.automation_rules
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
comment on policy automation_rules_update on public.automation_rules is 'The owner edits, pauses or resumes a rule.';
drop policy if exists automation_rules_delete on public.automation_rules;
create policy automation_rules_delete on public.automation_rules
  for delete to authenticated using (user_id = (select auth.uid()));
comment on policy automation_rules_delete on public.automation_rules is 'The owner removes a rule.';

create table if not exists public.automation_runs (
  id uuid primary key default gen_random_uuid(),
  rule_id uuid not null references public.automation_rules (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  event_id uuid references public.integration_events (id) on delete set null,
  event text not null,
  outcome text not null check (outcome in ('succeeded', 'skipped', 'failed')),
  detail text not null default '' check (char_length(detail) <= 1000),
  created_at timestamptz not null default now()
);
comment on table public.automation_runs is
  'One row per rule per event it was asked about: what happened (succeeded, skipped because the condition did not hold, failed with the error).';
create index if not exists automation_runs_rule_idx on public.automation_runs (rule_id, created_at desc);

alter table public.automation_runs enable row level security;
revoke all on table public.automation_runs from public, anon, authenticated;
grant select on table public.automation_runs to authenticated;
grant all on table public.automation_runs to service_role;

drop policy if exists automation_runs_select on public.automation_runs;
create policy automation_runs_select on public.automation_runs
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy automation_runs_select on public.automation_runs is
  'The rule''s owner reads its run history; runs are written by the backend only.';

-- webhook deliveries -------------------------------------------------------------------------

create table if not exists public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references public.webhook_endpoints (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  event_id uuid references public.integration_events (id) on delete set null,
  rule_id uuid references public.automation_rules (id) on delete set null,
  event text not null check (event in (
    'ping', 'message.received', 'match.created', 'proposal.received',
    'appointment.booked', 'appointment.cancelled', 'project.hired')),
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_status integer,
  last_error text check (char_length(last_error) <= 500),
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
comment on table public.webhook_deliveries is
  'The delivery log: one row per event sent to an endpoint, with the exact body signed and sent, attempts, the last answer and when the next retry is due. Claimed by backend workers with for update skip locked.';
create index if not exists webhook_deliveries_due_idx on public.webhook_deliveries (next_attempt_at)
  where status = 'pending';
create index if not exists webhook_deliveries_endpoint_idx on public.webhook_deliveries (endpoint_id, created_at desc);

alter table public.webhook_deliveries enable row level security;
revoke all on table public.webhook_deliveries from public, anon, authenticated;
grant select on table public.webhook_deliveries to authenticated;
grant all on table public.webhook_deliveries to service_role;

drop policy if exists webhook_deliveries_select on public.webhook_deliveries;
create policy webhook_deliveries_select on public.webhook_deliveries
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy webhook_deliveries_select on public.webhook_deliveries is
  'The endpoint''s owner reads its delivery log; deliveries are written by the backend only.';

-- messages written by an automation --------------------------------------------------------------

alter table public.messages add column if not exists automated boolean not null default false;
comment on column public.messages.automated is
  'True for an automation''s auto-reply. Such a message never runs anyone''s rules (loop guard) and only the backend can set it.';

create or replace function public.guard_message_automated()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      new.automated := false;
    else
      new.automated := old.automated;
    end if;
  end if;
  return new;
end;
$$;
comment on function public.guard_message_automated() is
  'Trigger: only the backend marks a message automated; a client''s value is ignored.';

drop trigger if exists messages_guard_automated on public.messages;
create trigger messages_guard_automated
  before insert or update on public.messages
  for each row execute function public.guard_message_automated();

alter table public.notifications drop constraint if exists notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check
  check (kind in ('appointment_reminder_24h', 'appointment_reminder_15m', 'project_match',
    'team_member_joined', 'automation'));

-- events -------------------------------------------------------------------------------------

create or replace function public.emit_integration_event(
  p_user uuid, p_event text, p_payload jsonb, p_automated boolean default false
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_user is null then
    return;
  end if;
  -- only users with something listening get outbox rows: most changes write nothing here
  if not exists (
       select 1 from public.webhook_endpoints e
       where e.user_id = p_user and e.active and p_event = any (e.events))
     and not exists (
       select 1 from public.automation_rules r
       where r.user_id = p_user and not r.paused and r.event = p_event) then
    return;
  end if;
  insert into public.integration_events (user_id, event, payload, automated)
    values (p_user, p_event, p_payload, p_automated);
  perform pg_notify('integrations', 'event');
end;
$$;
comment on function public.emit_integration_event(uuid, text, jsonb, boolean) is
  'Writes an outbox event for a user who has an active webhook or rule for it, and wakes the workers.';

create or replace function public.name_of(p_user uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(nullif(p.name, ''), 'ProMatch user') from public.profiles p where p.id = p_user;
$$;

create or replace function public.integration_on_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_recipient uuid;
begin
  select case when c.participant_1 = new.sender_id then c.participant_2 else c.participant_1 end
    into v_recipient
    from public.conversations c where c.id = new.conversation_id;
  perform public.emit_integration_event(v_recipient, 'message.received', jsonb_build_object(
    'message_id', new.id,
    'conversation_id', new.conversation_id,
    'sender_id', new.sender_id,
    'sender_name', public.name_of(new.sender_id),
    'counterpart_id', new.sender_id,
    'counterpart_name', public.name_of(new.sender_id),
    'content', new.content,
    'automated', new.automated,
    'sent_at', new.created_at
  ), new.automated);
  return null;
end;
$$;

drop trigger if exists messages_integration_event on public.messages;
create trigger messages_integration_event
  after insert on public.messages
  for each row when (new.kind = 'text')
  execute function public.integration_on_message();

create or replace function public.integration_on_application()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_project public.projects%rowtype;
begin
  select * into v_project from public.projects p where p.id = new.project_id;
  perform public.emit_integration_event(v_project.owner_id, 'proposal.received', jsonb_build_object(
    'proposal_id', new.id,
    'project_id', v_project.id,
    'project_title', v_project.title,
    'project_category', v_project.category,
    'professional_id', new.professional_id,
    'counterpart_id', new.professional_id,
    'counterpart_name', public.name_of(new.professional_id),
    'proposed_rate', new.proposed_rate
  ));
  return null;
end;
$$;

drop trigger if exists project_applications_integration_event on public.project_applications;
create trigger project_applications_integration_event
  after insert on public.project_applications
  for each row execute function public.integration_on_application();

create or replace function public.integration_on_match()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_project public.projects%rowtype;
begin
  select * into v_project from public.projects p where p.id = new.project_id;
  perform public.emit_integration_event(new.user_id, 'match.created', jsonb_build_object(
    'project_id', v_project.id,
    'project_title', v_project.title,
    'project_category', v_project.category,
    'counterpart_id', v_project.owner_id,
    'counterpart_name', public.name_of(v_project.owner_id)
  ));
  return null;
end;
$$;

drop trigger if exists notifications_integration_event on public.notifications;
create trigger notifications_integration_event
  after insert on public.notifications
  for each row when (new.kind = 'project_match' and new.project_id is not null)
  execute function public.integration_on_match();

create or replace function public.integration_on_appointment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event text;
  v_party uuid;
  v_other uuid;
begin
  if new.status = 'confirmed' and (tg_op = 'INSERT' or old.status is distinct from 'confirmed') then
    v_event := 'appointment.booked';
  elsif new.status = 'cancelled' and tg_op = 'UPDATE' and old.status is distinct from 'cancelled' then
    v_event := 'appointment.cancelled';
  else
    return null;
  end if;
  foreach v_party in array array[new.business_id, new.professional_id] loop
    v_other := case when v_party = new.business_id then new.professional_id else new.business_id end;
    perform public.emit_integration_event(v_party, v_event, jsonb_build_object(
      'appointment_id', new.id,
      'title', new.title,
      'starts_at', new.starts_at,
      'ends_at', new.ends_at,
      'counterpart_id', v_other,
      'counterpart_name', public.name_of(v_other),
      'cancel_reason', new.cancel_reason
    ));
  end loop;
  return null;
end;
$$;

drop trigger if exists appointments_integration_event on public.appointments;
create trigger appointments_integration_event
  after insert or update of status on public.appointments
  for each row execute function public.integration_on_appointment();

create or replace function public.integration_on_hire()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payload jsonb;
begin
  if new.hired_professional_id is null or old.hired_professional_id is not distinct from new.hired_professional_id then
    return null;
  end if;
  v_payload := jsonb_build_object(
    'project_id', new.id,
    'project_title', new.title,
    'project_category', new.category,
    'business_id', new.owner_id,
    'professional_id', new.hired_professional_id
  );
  perform public.emit_integration_event(new.owner_id, 'project.hired', v_payload || jsonb_build_object(
    'counterpart_id', new.hired_professional_id,
    'counterpart_name', public.name_of(new.hired_professional_id)));
  perform public.emit_integration_event(new.hired_professional_id, 'project.hired', v_payload || jsonb_build_object(
    'counterpart_id', new.owner_id,
    'counterpart_name', public.name_of(new.owner_id)));
  return null;
end;
$$;

drop trigger if exists projects_integration_event on public.projects;
create trigger projects_integration_event
  after update of hired_professional_id on public.projects
  for each row execute function public.integration_on_hire();

-- fan-out: events become deliveries and rule runs -----------------------------------------------

create or replace function public.webhook_body(p_delivery uuid, p_event text, p_at timestamptz, p_data jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('id', p_delivery, 'type', p_event, 'created_at', p_at, 'data', p_data)::text;
$$;
comment on function public.webhook_body(uuid, text, timestamptz, jsonb) is
  'The JSON body of a webhook delivery: {id, type, created_at, data}. Stored as text so every retry sends (and signs) the same bytes.';

create or replace function public.render_automation_text(p_template text, p_payload jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select replace(replace(p_template,
    '{{name}}', coalesce(p_payload ->> 'counterpart_name', 'there')),
    '{{project}}', coalesce(p_payload ->> 'project_title', p_payload ->> 'title', 'your project'));
$$;

create or replace function public.process_integration_events(p_limit integer default 100)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_event public.integration_events%rowtype;
  v_rule public.automation_rules%rowtype;
  v_count integer := 0;
  v_counterpart uuid;
  v_holds boolean;
  v_detail text;
  v_delivery uuid;
  v_conversation uuid;
begin
  for v_event in
    select * from public.integration_events e
    where e.processed_at is null
    order by e.seq
    limit greatest(1, least(p_limit, 1000))
    for update skip locked
  loop
    -- webhooks subscribed to the event
    insert into public.webhook_deliveries (id, endpoint_id, user_id, event_id, event, body)
    select d.id, d.endpoint_id, v_event.user_id, v_event.id, v_event.event,
      public.webhook_body(d.id, v_event.event, v_event.created_at, v_event.payload)
    from (
      select gen_random_uuid() as id, e.id as endpoint_id
      from public.webhook_endpoints e
      where e.user_id = v_event.user_id and e.active and v_event.event = any (e.events)
    ) d;

    -- rules: never for an event an automation caused, so an auto-reply cannot start a loop
    if not v_event.automated then
      for v_rule in
        select * from public.automation_rules r
        where r.user_id = v_event.user_id and not r.paused and r.event = v_event.event
        order by r.created_at, r.id
      loop
        begin
          v_counterpart := nullif(v_event.payload ->> 'counterpart_id', '')::uuid;
          v_holds := case v_rule.condition_kind
            when 'none' then true
            when 'message_contains' then
              strpos(lower(coalesce(v_event.payload ->> 'content', '')), lower(btrim(v_rule.condition_value))) > 0
            when 'sender_not_favourite' then
              v_counterpart is not null and not exists (
                select 1 from public.favorites f
                where f.user_id = v_rule.user_id and f.professional_id = v_counterpart)
            when 'project_category' then
              coalesce(v_event.payload ->> 'project_category', '') = v_rule.condition_value
            else false
          end;
          if not v_holds then
            insert into public.automation_runs (rule_id, user_id, event_id, event, outcome, detail)
              values (v_rule.id, v_rule.user_id, v_event.id, v_event.event, 'skipped', 'The condition did not hold.');
            continue;
          end if;

          if v_rule.action = 'auto_reply' then
            v_conversation := nullif(v_event.payload ->> 'conversation_id', '')::uuid;
            if v_conversation is null or v_counterpart is null then
              raise exception 'There is no conversation to reply in.';
            end if;
            if public.is_blocked_between(v_rule.user_id, v_counterpart) then
              raise exception 'You cannot message this user.';
            end if;
            insert into public.messages (conversation_id, sender_id, content, automated)
              values (v_conversation, v_rule.user_id,
                left(public.render_automation_text(v_rule.action_text, v_event.payload), 10000), true);
            v_detail := format('Replied to %s.', coalesce(v_event.payload ->> 'counterpart_name', 'the sender'));
          elsif v_rule.action = 'notify' then
            insert into public.notifications (user_id, kind, title, body, link)
              values (v_rule.user_id, 'automation', left(v_rule.name, 200),
                left(coalesce(
                  public.render_automation_text(nullif(btrim(coalesce(v_rule.action_text, '')), ''), v_event.payload),
                  format('%s: %s', v_event.event, coalesce(v_event.payload ->> 'counterpart_name', ''))), 1000),
                case
                  when v_event.payload ? 'conversation_id' then '/messages'
                  when v_event.payload ? 'project_id' then '/projects/' || (v_event.payload ->> 'project_id')
                  else '/automation-hub'
                end);
            v_detail := 'Notification added.';
          elsif v_rule.action = 'add_favourite' then
            if v_counterpart is null or public.account_type_of(v_counterpart) <> 'professional' then
              raise exception 'Only professionals can be added to favourites.';
            end if;
            insert into public.favorites (user_id, professional_id)
              values (v_rule.user_id, v_counterpart)
              on conflict (user_id, professional_id) do nothing;
            v_detail := format('%s is in your favourites.', coalesce(v_event.payload ->> 'counterpart_name', 'They'));
          elsif v_rule.action = 'webhook' then
            if not exists (
              select 1 from public.webhook_endpoints e where e.id = v_rule.webhook_endpoint_id and e.active
            ) then
              raise exception 'The webhook is disabled.';
            end if;
            v_delivery := gen_random_uuid();
            insert into public.webhook_deliveries (id, endpoint_id, user_id, event_id, rule_id, event, body)
              values (v_delivery, v_rule.webhook_endpoint_id, v_rule.user_id, v_event.id, v_rule.id, v_event.event,
                public.webhook_body(v_delivery, v_event.event, v_event.created_at, v_event.payload));
            v_detail := 'Webhook delivery queued.';
          end if;
          insert into public.automation_runs (rule_id, user_id, event_id, event, outcome, detail)
            values (v_rule.id, v_rule.user_id, v_event.id, v_event.event, 'succeeded', v_detail);
        exception when others then
          insert into public.automation_runs (rule_id, user_id, event_id, event, outcome, detail)
            values (v_rule.id, v_rule.user_id, v_event.id, v_event.event, 'failed', left(sqlerrm, 1000));
        end;
      end loop;
    end if;

    update public.integration_events set processed_at = now() where id = v_event.id;
    v_count := v_count + 1;
  end loop;
  -- processed events are kept a week (for the run history's links), then dropped
  delete from public.integration_events
    where processed_at < now() - interval '7 days';
  return v_count;
end;
$$;
comment on function public.process_integration_events(integer) is
  'Backend worker: takes up to p_limit pending outbox events (for update skip locked, so two workers never take the same one), queues their webhook deliveries and runs the owners'' rules. Returns how many it took.';

-- deliveries: claim and record -----------------------------------------------------------------

create or replace function public.claim_webhook_deliveries(p_limit integer, p_lease_seconds integer)
returns table (id uuid, url text, secret text, body text, attempts integer)
language sql
volatile
security definer
set search_path = ''
as $$
  update public.webhook_deliveries d
  set locked_until = now() + make_interval(secs => p_lease_seconds), attempts = d.attempts + 1
  from public.webhook_endpoints e, (
    select x.id from public.webhook_deliveries x
    join public.webhook_endpoints y on y.id = x.endpoint_id and y.active
    where x.status = 'pending' and x.next_attempt_at <= now()
      and (x.locked_until is null or x.locked_until < now())
      -- one delivery at a time per endpoint, in order: only the head of its queue is due
      and x.id = (
        select h.id from public.webhook_deliveries h
        where h.endpoint_id = x.endpoint_id and h.status = 'pending'
        order by h.created_at, h.id
        limit 1
      )
    order by x.next_attempt_at
    limit p_limit
    for update of x skip locked
  ) c
  where d.id = c.id and e.id = d.endpoint_id
  returning d.id, e.url, e.secret, d.body, d.attempts;
$$;
comment on function public.claim_webhook_deliveries(integer, integer) is
  'Backend worker: leases due deliveries of active endpoints, one at a time per endpoint and in the order they were queued (for update skip locked; a lease that runs out, e.g. the worker died, makes the row due again) and counts the attempt.';

create or replace function public.record_webhook_attempt(
  p_delivery uuid, p_ok boolean, p_status integer, p_error text,
  p_retry_base_ms integer, p_max_attempts integer, p_disable_after integer
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_delivery public.webhook_deliveries%rowtype;
  v_failures integer;
begin
  select * into v_delivery from public.webhook_deliveries d where d.id = p_delivery for update;
  if not found then
    return 'gone';
  end if;
  if p_ok then
    update public.webhook_deliveries
      set status = 'succeeded', delivered_at = now(), last_status = p_status, last_error = null,
          locked_until = null
      where id = p_delivery;
    update public.webhook_endpoints
      set consecutive_failures = 0, last_success_at = now()
      where id = v_delivery.endpoint_id;
    return 'succeeded';
  end if;

  -- exponential backoff: base, 2 x base, 4 x base, ... after the 1st, 2nd, 3rd failed attempt
  update public.webhook_deliveries
    set last_status = p_status, last_error = left(p_error, 500), locked_until = null,
        status = case when v_delivery.attempts >= p_max_attempts then 'failed' else 'pending' end,
        next_attempt_at = now() + make_interval(secs => p_retry_base_ms / 1000.0 * power(2, greatest(v_delivery.attempts - 1, 0)))
    where id = p_delivery;
  update public.webhook_endpoints
    set consecutive_failures = consecutive_failures + 1
    where id = v_delivery.endpoint_id
    returning consecutive_failures into v_failures;
  if v_failures >= p_disable_after then
    update public.webhook_endpoints
      set active = false,
          disabled_reason = format('Turned off after %s failed attempts in a row. Last error: %s', v_failures, left(p_error, 200))
      where id = v_delivery.endpoint_id and active;
    update public.webhook_deliveries
      set status = 'failed', last_error = coalesce(last_error, 'The webhook was turned off after repeated failures.')
      where endpoint_id = v_delivery.endpoint_id and status = 'pending';
    return 'disabled';
  end if;
  return case when v_delivery.attempts >= p_max_attempts then 'failed' else 'retry' end;
end;
$$;
comment on function public.record_webhook_attempt(uuid, boolean, integer, text, integer, integer, integer) is
  'Backend worker: records one attempt. Success resets the endpoint''s failure count; a failure schedules a retry with exponential backoff, fails the delivery after p_max_attempts and turns the endpoint off after p_disable_after failed attempts in a row.';

create or replace function public.send_test_webhook(p_endpoint uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_endpoint public.webhook_endpoints%rowtype;
  v_delivery uuid := gen_random_uuid();
begin
  select * into v_endpoint from public.webhook_endpoints e where e.id = p_endpoint and e.user_id = v_uid;
  if not found then
    raise exception 'Webhook not found.' using errcode = 'PT404';
  end if;
  if not v_endpoint.active then
    raise exception 'Turn the webhook on before sending a test.' using errcode = '22023';
  end if;
  if (select count(*) from public.webhook_deliveries d
      where d.endpoint_id = p_endpoint and d.event = 'ping' and d.created_at > now() - interval '1 minute') >= 5 then
    raise exception 'At most 5 test deliveries a minute. Please wait a moment.' using errcode = 'PT429';
  end if;
  insert into public.webhook_deliveries (id, endpoint_id, user_id, event, body)
    values (v_delivery, p_endpoint, v_uid, 'ping',
      public.webhook_body(v_delivery, 'ping', now(),
        jsonb_build_object('message', 'A test delivery from ProMatch. Your endpoint is reachable.')));
  perform pg_notify('integrations', 'delivery');
  return v_delivery;
end;
$$;
comment on function public.send_test_webhook(uuid) is
  'Queues a ping delivery to one of the caller''s active webhooks (at most 5 a minute). Returns the delivery id.';

-- privileges -----------------------------------------------------------------------------------

do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and p.proname in (
        'random_token', 'regenerate_calendar_feed', 'revoke_calendar_feed', 'calendar_feed_appointments',
        'guard_webhook_endpoint', 'guard_automation_rule', 'guard_message_automated',
        'emit_integration_event', 'name_of', 'integration_on_message', 'integration_on_application',
        'integration_on_match', 'integration_on_appointment', 'integration_on_hire', 'webhook_body',
        'render_automation_text', 'process_integration_events', 'claim_webhook_deliveries',
        'record_webhook_attempt', 'send_test_webhook'
      )
  loop
    execute format('revoke all on function %s from public, anon, authenticated', f);
    execute format('grant execute on function %s to service_role', f);
  end loop;
end;
$$;

-- random_token is the secret column's default, evaluated as the inserting user (harmless: random text)
grant execute on function public.random_token(), public.regenerate_calendar_feed(), public.revoke_calendar_feed(),
  public.send_test_webhook(uuid) to authenticated;
