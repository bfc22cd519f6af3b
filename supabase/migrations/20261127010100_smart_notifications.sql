-- smart notifications: one set of choices per user (notification_preferences per kind and channel,
-- plus notification_settings: the e-mail digest's frequency and quiet hours), applied to every
-- notification as it is written. a trigger on notifications decides, for the kind's preference
-- group: in-app on -> the row shows in the notification centre; in-app off but e-mail on -> the
-- row is kept for the e-mail digest only (hidden from the user's reads and from realtime); both
-- off -> no row. the digest job (backend/src/jobs/notification-digest.ts) claims one digest per
-- user and period here, so two server instances never send the same digest. docs/decisions/0096.

-- kinds and the preference group each belongs to -------------------------------------------------

alter table public.notifications drop constraint if exists notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check
  check (kind in ('appointment_reminder_24h', 'appointment_reminder_15m', 'project_match',
    'team_member_joined'));

alter table public.notification_preferences drop constraint if exists notification_preferences_kind_check;
alter table public.notification_preferences add constraint notification_preferences_kind_check
  check (kind in ('messages', 'proposals', 'appointments', 'matches', 'teams'));
comment on table public.notification_preferences is
  'Which notifications a user wants, per kind (messages, proposals, appointments, matches, teams) and channel (in_app: the notification centre; email: the e-mail digest). No row: both channels on. Private to the user; applied to every notification by the notifications_apply_preferences trigger.';

create or replace function public.notification_group(p_kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_kind like 'appointment_%' then 'appointments'
    when p_kind = 'project_match' then 'matches'
    when p_kind like 'team_%' then 'teams'
    when p_kind like 'proposal_%' then 'proposals'
    when p_kind like 'message_%' then 'messages'
    else p_kind
  end;
$$;
comment on function public.notification_group(text) is
  'The preference group (notification_preferences.kind) a notification kind belongs to: appointment reminders -> appointments, project_match -> matches, team_* -> teams.';
grant execute on function public.notification_group(text) to authenticated, service_role;

-- in-app or digest only -------------------------------------------------------------------------

alter table public.notifications add column if not exists in_app boolean not null default true;
comment on column public.notifications.in_app is
  'Shown in the notification centre. False when the user turned in-app off for this kind but kept e-mail: the row waits for the digest and the user''s reads never see it.';

create or replace function public.notifications_apply_preferences()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_group text := public.notification_group(new.kind);
begin
  new.in_app := public.notification_wanted(new.user_id, v_group, 'in_app');
  if not new.in_app and not public.notification_wanted(new.user_id, v_group, 'email') then
    return null;
  end if;
  return new;
end;
$$;
comment on function public.notifications_apply_preferences() is
  'Trigger: applies the recipient''s preferences to every new notification, whoever writes it: in-app off hides it (in_app false), in-app and e-mail both off drop it.';
revoke all on function public.notifications_apply_preferences() from public, anon, authenticated;

drop trigger if exists notifications_apply_preferences on public.notifications;
create trigger notifications_apply_preferences
  before insert on public.notifications
  for each row execute function public.notifications_apply_preferences();

drop policy if exists notifications_select on public.notifications;
create policy notifications_select on public.notifications
  for select to authenticated using (user_id = (select auth.uid()) and in_app);
comment on policy notifications_select on public.notifications is
  'Users read their own in-app notifications; rows kept only for the e-mail digest stay hidden.';
create index if not exists notifications_unread_idx
  on public.notifications (user_id) where read_at is null and in_app;

-- digest frequency and quiet hours ---------------------------------------------------------------

create table if not exists public.notification_settings (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  digest text not null default 'weekly' check (digest in ('off', 'daily', 'weekly')),
  quiet_start time,
  quiet_end time,
  updated_at timestamptz not null default now(),
  constraint notification_settings_quiet_pair check ((quiet_start is null) = (quiet_end is null)),
  constraint notification_settings_quiet_span check (quiet_start is null or quiet_start <> quiet_end)
);
comment on table public.notification_settings is
  'How a user''s e-mail notifications arrive: digest off, daily or weekly (no row: weekly), and quiet hours (UK time; may run past midnight) inside which no e-mail is sent. Private to the user.';

drop trigger if exists notification_settings_set_updated_at on public.notification_settings;
create trigger notification_settings_set_updated_at
  before update on public.notification_settings
  for each row execute function public.set_updated_at();

alter table public.notification_settings enable row level security;
revoke all on table public.notification_settings from public, anon, authenticated;
grant select, insert, update, delete on table public.notification_settings to authenticated;
grant all on table public.notification_settings to service_role;

drop policy if exists notification_settings_select on public.notification_settings;
create policy notification_settings_select on public.notification_settings
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists notification_settings_insert on public.notification_settings;
create policy notification_settings_insert on public.notification_settings
  for insert to authenticated with check (user_id = (select auth.uid()));
drop policy if exists notification_settings_update on public.notification_settings;
create policy notification_settings_update on public.notification_settings
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists notification_settings_delete on public.notification_settings;
create policy notification_settings_delete on public.notification_settings
  for delete to authenticated using (user_id = (select auth.uid()));
comment on policy notification_settings_select on public.notification_settings is 'Users read their own digest and quiet hours; nobody else (staff included).';
comment on policy notification_settings_insert on public.notification_settings is 'Users set their own only.';
comment on policy notification_settings_update on public.notification_settings is 'Users change their own only.';
comment on policy notification_settings_delete on public.notification_settings is 'Users reset their own to the defaults.';

-- digests sent -----------------------------------------------------------------------------------

create table if not exists public.notification_digests (
  user_id uuid not null references public.profiles (id) on delete cascade,
  period text not null check (period ~ '^\d{4}-(\d{2}-\d{2}|W\d{2})$'),
  covered_from timestamptz not null,
  covered_to timestamptz not null,
  notification_count integer not null check (notification_count >= 0),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (user_id, period)
);
comment on table public.notification_digests is
  'One row per user and digest period (a UK day, or an ISO week such as 2026-W48): claimed by one server instance, then marked sent. The primary key is what keeps two instances from sending the same digest. Written only by the digest job; the user reads their own.';
alter table public.notification_digests enable row level security;
revoke all on table public.notification_digests from public, anon, authenticated;
grant select on table public.notification_digests to authenticated;
grant all on table public.notification_digests to service_role;
drop policy if exists notification_digests_select on public.notification_digests;
create policy notification_digests_select on public.notification_digests
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy notification_digests_select on public.notification_digests is
  'Users see which digests were sent to them; no write policies (the digest job writes).';

create or replace function public.in_quiet_hours(p_at time, p_start time, p_end time)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when p_start is null or p_end is null then false
    when p_start < p_end then p_at >= p_start and p_at < p_end
    else p_at >= p_start or p_at < p_end
  end;
$$;
comment on function public.in_quiet_hours(time, time, time) is
  'Whether a UK clock time falls inside quiet hours [start, end), which may run past midnight.';
grant execute on function public.in_quiet_hours(time, time, time) to authenticated, service_role;

create or replace function public.claim_notification_digests(
  p_now timestamptz default now(),
  p_limit integer default 50
)
returns table (
  user_id uuid, email text, name text, period text, digest text, items jsonb
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  -- a digest is due from 08:00 UK time on its day (daily) or on the Monday of its week (weekly),
  -- and is sent at the first run after that outside the user's quiet hours. it covers the unread
  -- notifications, of kinds the user wants by e-mail, since the previous digest (at most 7 days).
  return query
  with candidates as (
    select distinct n.user_id
    from public.notifications n
    where n.read_at is null and n.created_at > p_now - interval '7 days' and n.created_at <= p_now
  ),
  due as (
    select c.user_id, coalesce(s.digest, 'weekly') as digest,
      case coalesce(s.digest, 'weekly')
        when 'daily' then to_char(p_now at time zone 'Europe/London', 'YYYY-MM-DD')
        else to_char(p_now at time zone 'Europe/London', 'IYYY-"W"IW')
      end as period
    from candidates c
    left join public.notification_settings s on s.user_id = c.user_id
    where coalesce(s.digest, 'weekly') <> 'off'
      and not public.in_quiet_hours((p_now at time zone 'Europe/London')::time, s.quiet_start, s.quiet_end)
      and ((p_now at time zone 'Europe/London')::time >= time '08:00'
        or (coalesce(s.digest, 'weekly') = 'weekly'
          and extract(isodow from p_now at time zone 'Europe/London') > 1))
  ),
  windowed as (
    select d.*,
      greatest(
        coalesce((select max(g.covered_to) from public.notification_digests g where g.user_id = d.user_id),
          '-infinity'::timestamptz),
        p_now - case d.digest when 'daily' then interval '1 day' else interval '7 days' end
      ) as covered_from
    from due d
    where not exists (
      select 1 from public.notification_digests g where g.user_id = d.user_id and g.period = d.period
    )
    order by d.user_id
    limit greatest(1, least(coalesce(p_limit, 50), 500))
  ),
  contents as (
    select w.*, coalesce((
      select jsonb_agg(jsonb_build_object('title', n.title, 'body', n.body, 'link', n.link,
          'created_at', n.created_at) order by n.created_at)
      from public.notifications n
      where n.user_id = w.user_id and n.read_at is null
        and n.created_at > w.covered_from and n.created_at <= p_now
        and public.notification_wanted(n.user_id, public.notification_group(n.kind), 'email')
    ), '[]'::jsonb) as items
    from windowed w
  ),
  claimed as (
    insert into public.notification_digests as g (user_id, period, covered_from, covered_to, notification_count)
    select c.user_id, c.period, c.covered_from, p_now, jsonb_array_length(c.items)
    from contents c
    on conflict on constraint notification_digests_pkey do nothing
    returning g.user_id, g.period
  )
  select c.user_id, u.email::text, coalesce(nullif(p.name, ''), 'there'), c.period, c.digest, c.items
  from contents c
  join claimed k on k.user_id = c.user_id and k.period = c.period
  join auth.users u on u.id = c.user_id
  left join public.profiles p on p.id = c.user_id
  where jsonb_array_length(c.items) > 0 and u.email is not null;
end;
$$;
comment on function public.claim_notification_digests(timestamptz, integer) is
  'Digest job: records (claims) each digest due at p_now and returns those with something to send: recipient, period, frequency and the notifications to list. A claimed period is never claimed again, by this instance or another. Service role only.';
revoke all on function public.claim_notification_digests(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_notification_digests(timestamptz, integer) to service_role;

-- match notifications: the preference trigger now decides in-app or digest, so the writer no
-- longer skips professionals who turned in-app match notifications off.
create or replace function public.notify_project_matches(p_project uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  -- a "strong" match: match_professionals scores 0-100; 60 and above means the professional fits
  -- most of what the project asks for (category and skills, and place or rate), not just one
  -- shared word. at most 10 professionals are told about any one project, so a popular category
  -- does not turn publishing into a mass mailing.
  v_threshold constant integer := 60;
  v_max constant integer := 10;
  v_project public.projects%rowtype;
  v_hourly integer;
  v_town text;
  v_matches jsonb;
  v_count integer;
begin
  select * into v_project from public.projects p where p.id = p_project;
  if not found or v_project.status <> 'open' or v_project.published_at is null then
    return 0;
  end if;
  -- a budget per hour or per day compares with hourly rates (7.5 hours a day, as HOURS_PER_DAY in
  -- shared/src/matching/parse-budget.ts); a fixed price does not
  v_hourly := case
    when coalesce(v_project.budget_max, 0) <= 0 then null
    when v_project.budget_type = 'hour' then v_project.budget_max
    when v_project.budget_type = 'day' then round(v_project.budget_max / 7.5)::integer
  end;
  v_town := nullif(lower(trim(split_part(coalesce(v_project.location, ''), ',', 1))), '');
  v_matches := public.match_professionals(
    p_categories => case when v_project.category is null then '{}'::text[] else array[v_project.category] end,
    p_skills => v_project.skills,
    p_towns => case when v_town is null then '{}'::text[] else array[v_town] end,
    p_remote => v_project.remote,
    p_budget_hourly => v_hourly,
    p_budget_unit => case when v_project.budget_type in ('hour', 'day') then v_project.budget_type end,
    p_limit => v_max
  );
  -- the recipient's choices (in-app, e-mail digest, or neither) are applied by the
  -- notifications_apply_preferences trigger, so an e-mail-only match still reaches the digest.
  -- early access: everyone strongly matched is told at once, even a professional who may see the
  -- project only after the early-access window (project_visible_to_professionals depends on the
  -- reader's plan, which a trigger running for the business cannot ask for another user). the
  -- notification carries only the title; the project page itself still applies the window.
  insert into public.notifications (user_id, kind, title, body, link, project_id)
  select (m->>'id')::uuid, 'project_match',
    left('A new project matches your profile', 200),
    left(format('"%s" was just published and fits your skills and experience.', v_project.title), 1000),
    '/projects/' || v_project.id::text,
    v_project.id
  from jsonb_array_elements(v_matches->'items') m
  where (m->>'score')::numeric >= v_threshold
    and (m->>'id')::uuid <> v_project.owner_id
  on conflict (user_id, project_id, kind) where project_id is not null do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
