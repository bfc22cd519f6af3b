-- Notifications that reach people who are away: immediate e-mail per event group, the push
-- channel's preference, quiet hours in the user's own time zone, and the e-mail queue that the
-- backend's notification-email job claims (several instances may run it).

-- ---- preferences: e-mail now or in the digest, and push, per event group ----------------------

alter table public.notification_preferences
  drop constraint if exists notification_preferences_kind_check;
alter table public.notification_preferences
  add constraint notification_preferences_kind_check check (kind in (
    'messages', 'proposals', 'hires', 'appointments', 'matches', 'teams', 'reviews',
    'account', 'payments'));
alter table public.notification_preferences
  add column if not exists email_immediate boolean,
  add column if not exists push boolean not null default true;
comment on column public.notification_preferences.email_immediate is
  'With email on: true sends each event by e-mail as it happens, false leaves it to the digest. Null: the group''s default (immediate for messages, proposals, hires and appointments).';
comment on column public.notification_preferences.push is
  'Web push to the user''s subscribed devices for this group (default on).';
comment on table public.notification_preferences is
  'Which notifications a user wants, per event group (messages, proposals, hires, appointments, matches, teams, reviews, account, payments) and channel: in_app (the notification centre), email (with email_immediate: at once, else in the digest) and push. No row: the defaults. Private to the user; applied to every notification by the notifications_apply_preferences trigger.';

create or replace function public.notification_group(p_kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_kind like 'appointment_%' or p_kind = 'call_missed' then 'appointments'
    when p_kind = 'project_match' then 'matches'
    when p_kind like 'team_%' then 'teams'
    when p_kind like 'proposal_%' then 'proposals'
    when p_kind like 'hire_%' then 'hires'
    when p_kind like 'message_%' then 'messages'
    when p_kind like 'review_%' then 'reviews'
    when p_kind like 'verification_%' then 'account'
    when p_kind like 'milestone_%' then 'payments'
    else p_kind
  end;
$$;
comment on function public.notification_group(p_kind text) is
  'The preference group (notification_preferences.kind) a notification kind belongs to: appointment_* (requests, changes, reminders) and call_missed -> appointments, project_match -> matches, team_* -> teams, proposal_* -> proposals, hire_* -> hires, review_* -> reviews, verification_* -> account, milestone_* -> payments.';

-- the groups whose events are e-mailed at once unless the user chose the digest.
create or replace function public.notification_email_immediate_default(p_group text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_group in ('messages', 'proposals', 'hires', 'appointments');
$$;
comment on function public.notification_email_immediate_default(p_group text) is
  'Whether a group''s events are e-mailed at once when the user chose nothing: messages, proposals, hires, appointments.';

create or replace function public.notification_wanted(p_user uuid, p_kind text, p_channel text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case p_channel
    when 'email_immediate' then coalesce((
        select n.email and coalesce(n.email_immediate,
          public.notification_email_immediate_default(p_kind))
        from public.notification_preferences n
        where n.user_id = p_user and n.kind = p_kind
      ), public.notification_email_immediate_default(p_kind))
    else coalesce((
        select case p_channel when 'in_app' then n.in_app when 'email' then n.email
          when 'push' then n.push end
        from public.notification_preferences n
        where n.user_id = p_user and n.kind = p_kind
      ), p_channel in ('in_app', 'email', 'push'))
  end;
$$;
comment on function public.notification_wanted(p_user uuid, p_kind text, p_channel text) is
  'Whether a user wants a notification of this group (notification_group) on this channel: in_app, email (at once or in the digest), email_immediate (e-mail as it happens rather than in the digest) or push. Their preference, or the default when they set none. Internal: triggers, functions and the service role.';
revoke execute on function public.notification_wanted(uuid, text, text) from public, anon, authenticated;
grant execute on function public.notification_wanted(uuid, text, text) to service_role;

-- ---- quiet hours in the user's own time zone ----------------------------------------------------

alter table public.notification_settings
  add column if not exists time_zone text not null default 'Europe/London';
alter table public.notification_settings
  add constraint notification_settings_time_zone_form
  check (char_length(time_zone) between 1 and 64 and time_zone ~ '^[A-Za-z][A-Za-z0-9_+/-]*$');
comment on column public.notification_settings.time_zone is
  'The IANA time zone quiet hours are read in (default Europe/London). An unknown zone is refused.';

create or replace function public.notification_settings_check_zone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
    raise exception 'unknown time zone: %', new.time_zone using errcode = '22023';
  end if;
  return new;
end;
$$;
revoke execute on function public.notification_settings_check_zone() from public, anon, authenticated;
drop trigger if exists notification_settings_check_zone on public.notification_settings;
create trigger notification_settings_check_zone
  before insert or update of time_zone on public.notification_settings
  for each row execute function public.notification_settings_check_zone();

create or replace function public.in_user_quiet_hours(p_user uuid, p_at timestamptz)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select public.in_quiet_hours((p_at at time zone s.time_zone)::time, s.quiet_start, s.quiet_end)
    from public.notification_settings s where s.user_id = p_user
  ), false);
$$;
comment on function public.in_user_quiet_hours(p_user uuid, p_at timestamptz) is
  'Whether p_at falls inside the user''s quiet hours, read in their own time zone. E-mail and push wait; in-app does not. Internal.';
revoke execute on function public.in_user_quiet_hours(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.in_user_quiet_hours(uuid, timestamptz) to service_role;

-- ---- the e-mail queue ------------------------------------------------------------------------

create table if not exists public.notification_emails (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles(id) on delete cascade,
  category text not null check (category in (
    'messages', 'proposals', 'hires', 'appointments', 'matches', 'teams', 'reviews',
    'account', 'payments')),
  notification_id uuid references public.notifications(id) on delete cascade,
  conversation_id uuid references public.conversations(id) on delete cascade,
  status text not null default 'pending'
    check (status in ('pending', 'sent', 'suppressed', 'failed')),
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  claimed_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  sent_at timestamptz,
  message_count integer check (message_count is null or message_count >= 0),
  last_error text check (char_length(last_error) <= 2000),
  constraint notification_emails_one_subject
    check ((notification_id is null) <> (conversation_id is null))
);
comment on table public.notification_emails is
  'One e-mail to send at once (not in the digest): a notification, or a burst of unread messages in one conversation. Written by triggers; claimed, sent and retried by the backend''s notification-email job; the user reads their own delivery records.';
comment on column public.notification_emails.status is
  'pending: waiting (unread delay, quiet hours, retry); sent; suppressed: read in the app first, or no longer wanted; failed: gave up after 5 attempts.';
comment on column public.notification_emails.created_at is
  'When the event happened (the burst''s first message): the unread delay counts from here.';
create index if not exists notification_emails_pending_idx
  on public.notification_emails (next_attempt_at) where status = 'pending';
create unique index if not exists notification_emails_one_per_notification
  on public.notification_emails (notification_id) where notification_id is not null;
create unique index if not exists notification_emails_one_open_burst
  on public.notification_emails (user_id, conversation_id)
  where conversation_id is not null and status = 'pending';
create index if not exists notification_emails_user_idx
  on public.notification_emails (user_id, created_at desc);
create index if not exists notification_emails_conversation_idx
  on public.notification_emails (conversation_id) where conversation_id is not null;

alter table public.notification_emails enable row level security;
revoke all on table public.notification_emails from public, anon, authenticated;
grant select on table public.notification_emails to authenticated;
grant all on table public.notification_emails to service_role;
create policy notification_emails_select on public.notification_emails
  for select to authenticated using (user_id = (select auth.uid()));
create policy "mfa: aal2 for enrolled users" on public.notification_emails
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- a new message opens a burst for its recipient unless one is already open: an e-mail waiting,
-- or one sent within the hour that the recipient has not read since.
create or replace function public.message_queue_email()
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
  if v_recipient is null or not public.notification_wanted(v_recipient, 'messages', 'email_immediate') then
    return null;
  end if;
  if exists (
    select 1 from public.notification_emails q
    where q.user_id = v_recipient and q.conversation_id = new.conversation_id
      and (q.status = 'pending'
        or (q.status = 'sent' and q.sent_at > now() - interval '1 hour'
          and exists (select 1 from public.messages m
            where m.conversation_id = new.conversation_id and m.sender_id <> v_recipient
              and m.read_at is null and m.id <> new.id and m.created_at <= q.sent_at)))
  ) then
    return null;
  end if;
  insert into public.notification_emails (user_id, category, conversation_id, created_at)
  values (v_recipient, 'messages', new.conversation_id, new.created_at)
  on conflict (user_id, conversation_id) where conversation_id is not null and status = 'pending'
  do nothing;
  return null;
end;
$$;
comment on function public.message_queue_email() is
  'Trigger: queues the e-mail for a new message''s recipient (one per conversation burst) when they want messages e-mailed at once.';
revoke execute on function public.message_queue_email() from public, anon, authenticated;
drop trigger if exists messages_queue_email on public.messages;
create trigger messages_queue_email after insert on public.messages
  for each row when (new.kind = 'text')
  execute function public.message_queue_email();

-- a new notification whose group the recipient wants e-mailed at once.
create or replace function public.notification_queue_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_group text := public.notification_group(new.kind);
begin
  if new.kind <> 'automation' and public.notification_wanted(new.user_id, v_group, 'email_immediate')
    and v_group in ('messages', 'proposals', 'hires', 'appointments', 'matches', 'teams',
      'reviews', 'account', 'payments') then
    insert into public.notification_emails (user_id, category, notification_id, created_at)
    values (new.user_id, v_group, new.id, new.created_at)
    on conflict do nothing;
  end if;
  return null;
end;
$$;
comment on function public.notification_queue_email() is
  'Trigger: queues an immediate e-mail for a new notification when the recipient wants its group e-mailed at once (otherwise it waits for the digest).';
revoke execute on function public.notification_queue_email() from public, anon, authenticated;
drop trigger if exists notifications_queue_email on public.notifications;
create trigger notifications_queue_email after insert on public.notifications
  for each row execute function public.notification_queue_email();

-- the job's claim: suppresses what was read in the app first or is no longer wanted, then claims
-- the due e-mails outside quiet hours (for update skip locked, so two instances never take the
-- same one) and returns what to write in them.
create or replace function public.claim_notification_emails(
  p_now timestamptz default now(),
  p_message_delay_seconds integer default 30,
  p_limit integer default 50
)
returns table (
  id uuid, user_id uuid, email text, name text, category text, attempts integer,
  notification jsonb, conversation_id uuid, sender_name text, messages jsonb
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  update public.notification_emails q set status = 'suppressed', claimed_at = null
  where q.status = 'pending'
    and (q.claimed_at is null or q.claimed_at < p_now - interval '5 minutes')
    and (
      not public.notification_wanted(q.user_id, q.category, 'email_immediate')
      or (q.conversation_id is not null and not exists (
        select 1 from public.messages m join public.conversations c on c.id = m.conversation_id
        where m.conversation_id = q.conversation_id and m.sender_id <> q.user_id
          and m.read_at is null and m.kind = 'text'))
      or (q.notification_id is not null and exists (
        select 1 from public.notifications n where n.id = q.notification_id and n.read_at is not null))
    );

  return query
  with due as (
    select q.id from public.notification_emails q
    where q.status = 'pending' and q.next_attempt_at <= p_now
      and (q.claimed_at is null or q.claimed_at < p_now - interval '5 minutes')
      and (q.conversation_id is null
        or q.created_at <= p_now - make_interval(secs => greatest(0, p_message_delay_seconds)))
      and not public.in_user_quiet_hours(q.user_id, p_now)
    order by q.next_attempt_at
    limit greatest(1, least(coalesce(p_limit, 50), 500))
    for update of q skip locked
  ),
  claimed as (
    update public.notification_emails q set claimed_at = p_now, attempts = q.attempts + 1
    from due where q.id = due.id
    returning q.*
  )
  select k.id, k.user_id, u.email::text, coalesce(nullif(p.name, ''), 'there'), k.category,
    k.attempts,
    (select jsonb_build_object('kind', n.kind, 'title', n.title, 'body', n.body, 'link', n.link)
      from public.notifications n where n.id = k.notification_id),
    k.conversation_id,
    (select coalesce(nullif(sp.name, ''), 'Someone') from public.conversations c
      join public.profiles sp on sp.id = case when c.participant_1 = k.user_id
        then c.participant_2 else c.participant_1 end
      where c.id = k.conversation_id),
    (select coalesce(jsonb_agg(jsonb_build_object('content', left(x.content, 500),
        'created_at', x.created_at) order by x.created_at), '[]'::jsonb)
      from (select m.content, m.created_at from public.messages m
        where m.conversation_id = k.conversation_id and m.sender_id <> k.user_id
          and m.read_at is null and m.kind = 'text'
        order by m.created_at desc limit 5) x)
  from claimed k
  join auth.users u on u.id = k.user_id
  left join public.profiles p on p.id = k.user_id;
end;
$$;
comment on function public.claim_notification_emails(timestamptz, integer, integer) is
  'Notification-email job: marks suppressed what was read in the app first or is no longer wanted, then claims up to p_limit due e-mails (messages only once unread for p_message_delay_seconds; none inside the user''s quiet hours) and returns their contents. A claim lasts 5 minutes. Service role only.';
revoke execute on function public.claim_notification_emails(timestamptz, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_notification_emails(timestamptz, integer, integer) to service_role;

create or replace function public.finish_notification_email(p_id uuid, p_error text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_error is null then
    update public.notification_emails set status = 'sent', sent_at = now(), claimed_at = null,
      last_error = null,
      message_count = case when conversation_id is null then null else (
        select count(*)::integer from public.messages m
        where m.conversation_id = notification_emails.conversation_id
          and m.sender_id <> notification_emails.user_id and m.read_at is null) end
    where id = p_id;
  else
    -- retries after 30 s, 2, 8 and 32 minutes; the fifth failure gives up.
    update public.notification_emails set claimed_at = null, last_error = left(p_error, 2000),
      status = case when attempts >= 5 then 'failed' else 'pending' end,
      next_attempt_at = now() + make_interval(secs => 30 * power(4, greatest(attempts - 1, 0)))
    where id = p_id;
  end if;
end;
$$;
comment on function public.finish_notification_email(uuid, text) is
  'Notification-email job: records a sent e-mail, or a failed attempt (retried with backoff; failed after 5 attempts). Service role only.';
revoke execute on function public.finish_notification_email(uuid, text) from public, anon, authenticated;
grant execute on function public.finish_notification_email(uuid, text) to service_role;

-- one-click unsubscribe from a category's e-mail (immediate and digest): the signed link in the
-- e-mail's List-Unsubscribe header is verified by the notification-unsubscribe function, which
-- calls this with the service role.
create or replace function public.unsubscribe_notification_email(p_user uuid, p_category text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notification_preferences (user_id, kind, in_app, email, push)
  values (p_user, p_category, true, false, true)
  on conflict (user_id, kind) do update set email = false;
$$;
comment on function public.unsubscribe_notification_email(uuid, text) is
  'Turns e-mail off for one user''s category (after the caller verified the signed unsubscribe link). Service role only.';
revoke execute on function public.unsubscribe_notification_email(uuid, text) from public, anon, authenticated;
grant execute on function public.unsubscribe_notification_email(uuid, text) to service_role;

-- the digest leaves out what was already e-mailed at once.
create or replace function public.claim_notification_digests(p_now timestamp with time zone default now(), p_limit integer default 50)
 returns table(user_id uuid, email text, name text, period text, digest text, items jsonb)
 language plpgsql
 security definer
 set search_path to ''
as $function$
#variable_conflict use_column
begin
  -- a digest is due from 08:00 UK time on its day (daily) or on the Monday of its week (weekly),
  -- and is sent at the first run after that outside the user's quiet hours. it covers the unread
  -- notifications, of kinds the user wants by e-mail and not already e-mailed at once, since the
  -- previous digest (at most 7 days).
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
      and not public.in_user_quiet_hours(c.user_id, p_now)
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
        and not exists (select 1 from public.notification_emails q
          where q.notification_id = n.id and q.status = 'sent')
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
$function$;
