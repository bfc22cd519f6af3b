-- web push: each in-app notification also reaches the recipient's subscribed browsers. one trigger
-- on notifications (notifications_enqueue_push) queues a push_deliveries row per device, due at
-- once or at the end of the recipient's quiet hours; the backend's push sender
-- (backend/src/push/push-sender.ts) claims due rows with a lease, encrypts and posts them to the
-- browser's push service with the web-push package, and records each attempt here: sent, retried
-- later, or the subscription deleted when the push service answers 404 or 410 (it has expired).
-- docs/decisions/0186-web-push-queued-in-the-database.md.

-- the server's VAPID key pair --------------------------------------------------------------------

create table if not exists public.web_push_keys (
  id boolean primary key default true check (id),
  public_key text not null check (public_key ~ '^[A-Za-z0-9_-]{86,88}$'),
  -- null when the private key comes from the server's environment (VAPID_PRIVATE_KEY)
  private_key text check (private_key ~ '^[A-Za-z0-9_-]{42,44}$'),
  created_at timestamptz not null default now()
);
comment on table public.web_push_keys is
  'The VAPID key pair push messages are signed with (one row): generated once by the backend when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set, so every server instance signs with the same key. The private key is null when it comes from the environment. Service role only; browsers read the public key through web_push_public_key().';
alter table public.web_push_keys enable row level security;
revoke all on table public.web_push_keys from public, anon, authenticated;
grant all on table public.web_push_keys to service_role;
drop policy if exists "mfa: aal2 for enrolled users" on public.web_push_keys;
create policy "mfa: aal2 for enrolled users" on public.web_push_keys
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

create or replace function public.web_push_public_key()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select k.public_key from public.web_push_keys k where k.id;
$$;
comment on function public.web_push_public_key() is
  'The VAPID public key (base64url) a browser passes to PushManager.subscribe as applicationServerKey; null until the backend has started once. Never the private key.';
revoke all on function public.web_push_public_key() from public;
grant execute on function public.web_push_public_key() to anon, authenticated, service_role;

-- one row per subscribed browser ----------------------------------------------------------------

create table if not exists public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  endpoint text not null unique
    check (endpoint ~ '^https?://[^/@\s]+/' and char_length(endpoint) <= 1000),
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{86,88}={0,2}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22,24}={0,2}$'),
  label text not null default '' check (char_length(label) <= 120),
  user_agent text check (char_length(user_agent) <= 400),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
comment on table public.push_subscriptions is
  'A browser (device) that receives push notifications for a user: the push service endpoint and the keys its messages are encrypted to (RFC 8291), a label and user agent to recognise it in settings, when it was added and last sent to. Private to the user, who lists and removes their own; added through save_push_subscription(); deleted by the push sender when the push service says it has expired.';
create index if not exists push_subscriptions_user_idx on public.push_subscriptions (user_id);

alter table public.push_subscriptions enable row level security;
revoke all on table public.push_subscriptions from public, anon, authenticated;
grant select, delete on table public.push_subscriptions to authenticated;
grant all on table public.push_subscriptions to service_role;
drop policy if exists "mfa: aal2 for enrolled users" on public.push_subscriptions;
create policy "mfa: aal2 for enrolled users" on public.push_subscriptions
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));
drop policy if exists push_subscriptions_select on public.push_subscriptions;
create policy push_subscriptions_select on public.push_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists push_subscriptions_delete on public.push_subscriptions;
create policy push_subscriptions_delete on public.push_subscriptions
  for delete to authenticated using (user_id = (select auth.uid()));
comment on policy push_subscriptions_select on public.push_subscriptions is
  'Users list their own devices; nobody else (staff included).';
comment on policy push_subscriptions_delete on public.push_subscriptions is
  'Users remove their own devices.';

create or replace function public.save_push_subscription(
  p_endpoint text,
  p_p256dh text,
  p_auth text,
  p_label text default '',
  p_user_agent text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_id uuid;
begin
  if v_user is null then
    raise exception 'Sign in to receive push notifications.' using errcode = '42501';
  end if;
  -- the same browser subscribing again (same endpoint and secret) replaces its row, also when
  -- another account on that browser had it; an endpoint alone (without its auth secret) moves
  -- nothing: the insert below then fails on the unique endpoint.
  delete from public.push_subscriptions s where s.endpoint = p_endpoint and s.auth = p_auth;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, label, user_agent)
  values (v_user, p_endpoint, p_p256dh, p_auth, left(coalesce(trim(p_label), ''), 120),
    left(p_user_agent, 400))
  returning id into v_id;
  return v_id;
end;
$$;
comment on function public.save_push_subscription(text, text, text, text, text) is
  'Adds the caller''s browser push subscription (PushSubscription.toJSON(): endpoint, keys.p256dh, keys.auth) with a label; the same browser subscribing again replaces its row.';
revoke all on function public.save_push_subscription(text, text, text, text, text) from public, anon;
grant execute on function public.save_push_subscription(text, text, text, text, text) to authenticated, service_role;

-- queued deliveries -----------------------------------------------------------------------------

create table if not exists public.push_deliveries (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null references public.push_subscriptions (id) on delete cascade,
  notification_id uuid not null references public.notifications (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0 check (attempts >= 0),
  due_at timestamptz not null default now(),
  leased_until timestamptz,
  last_status integer,
  last_error text check (char_length(last_error) <= 500),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (subscription_id, notification_id)
);
comment on table public.push_deliveries is
  'One push of one notification to one device: pending until due_at (now, or the end of the recipient''s quiet hours), claimed by the push sender with a lease, then sent, failed after the last retry, or skipped (the notification was read first). Written by the notifications trigger and the sender only.';
create index if not exists push_deliveries_due_idx
  on public.push_deliveries (due_at) where status = 'pending';
create index if not exists push_deliveries_notification_idx
  on public.push_deliveries (notification_id);
alter table public.push_deliveries enable row level security;
revoke all on table public.push_deliveries from public, anon, authenticated;
grant all on table public.push_deliveries to service_role;
drop policy if exists "mfa: aal2 for enrolled users" on public.push_deliveries;
create policy "mfa: aal2 for enrolled users" on public.push_deliveries
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- when a push may go: now, or when the recipient's quiet hours (UK time) end
create or replace function public.push_due_at(p_user uuid, p_now timestamptz default now())
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select case
    when public.in_quiet_hours(l.local::time, s.quiet_start, s.quiet_end) then
      ((l.local::date + s.quiet_end)
        + case when s.quiet_end <= l.local::time then interval '1 day' else interval '0' end)
        at time zone 'Europe/London'
    else p_now
  end
  from (select p_now at time zone 'Europe/London' as local) l
  left join public.notification_settings s on s.user_id = p_user;
$$;
comment on function public.push_due_at(uuid, timestamptz) is
  'When a push for this user may be sent: p_now, or the end of their quiet hours (UK time, which may run past midnight) when p_now falls inside them.';
revoke all on function public.push_due_at(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.push_due_at(uuid, timestamptz) to service_role;

-- the hook: every in-app notification becomes a push to each of the recipient's devices. push
-- follows the in-app choice (a notification hidden from the notification centre is not pushed).
create or replace function public.notifications_enqueue_push()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.push_deliveries (subscription_id, notification_id, due_at)
  select s.id, new.id, public.push_due_at(new.user_id, now())
  from public.push_subscriptions s
  where s.user_id = new.user_id;
  if found then
    perform pg_notify('push', '');
  end if;
  return null;
end;
$$;
comment on function public.notifications_enqueue_push() is
  'Trigger: queues a push of each new in-app notification to every device the recipient subscribed, due at once or when their quiet hours end, and wakes the push sender (NOTIFY push).';
revoke all on function public.notifications_enqueue_push() from public, anon, authenticated;

drop trigger if exists notifications_enqueue_push on public.notifications;
create trigger notifications_enqueue_push
  after insert on public.notifications
  for each row when (new.in_app) execute function public.notifications_enqueue_push();

-- the sender's side -----------------------------------------------------------------------------

create or replace function public.claim_push_deliveries(
  p_limit integer default 50,
  p_lease_seconds integer default 60
)
returns table (
  id uuid, endpoint text, p256dh text, auth text, attempts integer,
  notification_id uuid, kind text, title text, body text, link text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  -- a notification read in the app while its push waited (quiet hours, retries) is not pushed
  update public.push_deliveries d set status = 'skipped', leased_until = null
  from public.notifications n
  where n.id = d.notification_id and d.status = 'pending' and n.read_at is not null
    and d.due_at <= now();
  return query
  with due as (
    select d.id from public.push_deliveries d
    where d.status = 'pending' and d.due_at <= now()
      and (d.leased_until is null or d.leased_until < now())
    order by d.due_at
    limit greatest(1, least(coalesce(p_limit, 50), 500))
    for update skip locked
  ),
  claimed as (
    update public.push_deliveries d
    set leased_until = now() + make_interval(secs => greatest(5, p_lease_seconds)),
      attempts = d.attempts + 1
    from due where d.id = due.id
    returning d.id, d.subscription_id, d.notification_id, d.attempts
  )
  select c.id, s.endpoint, s.p256dh, s.auth, c.attempts, n.id, n.kind, n.title, n.body, n.link
  from claimed c
  join public.push_subscriptions s on s.id = c.subscription_id
  join public.notifications n on n.id = c.notification_id;
end;
$$;
comment on function public.claim_push_deliveries(integer, integer) is
  'Push sender: leases up to p_limit due deliveries (skip locked, so two instances never take the same one) with the device''s endpoint and keys and the notification to show. Service role only.';
revoke all on function public.claim_push_deliveries(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_push_deliveries(integer, integer) to service_role;

create or replace function public.record_push_attempt(
  p_id uuid,
  p_ok boolean,
  p_status integer,
  p_error text,
  p_retry_base_ms integer,
  p_max_attempts integer
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_delivery public.push_deliveries%rowtype;
begin
  select * into v_delivery from public.push_deliveries d where d.id = p_id;
  if not found then
    return 'gone';
  end if;
  if p_ok then
    update public.push_deliveries d
    set status = 'sent', sent_at = now(), leased_until = null, last_status = p_status,
      last_error = null
    where d.id = p_id;
    update public.push_subscriptions s set last_used_at = now()
    where s.id = v_delivery.subscription_id;
    return 'sent';
  end if;
  if p_status in (404, 410) then
    -- the push service says the subscription no longer exists: forget the device (and its queue)
    delete from public.push_subscriptions s where s.id = v_delivery.subscription_id;
    return 'expired';
  end if;
  update public.push_deliveries d
  set status = case when d.attempts >= p_max_attempts then 'failed' else 'pending' end,
    due_at = now() + make_interval(secs => (p_retry_base_ms / 1000.0) * power(2, greatest(d.attempts - 1, 0))),
    leased_until = null, last_status = p_status, last_error = left(p_error, 500)
  where d.id = p_id;
  return case when v_delivery.attempts >= p_max_attempts then 'failed' else 'retry' end;
end;
$$;
comment on function public.record_push_attempt(uuid, boolean, integer, text, integer, integer) is
  'Push sender: records one attempt. Success marks it sent and the device used; 404 or 410 deletes the subscription; anything else retries after p_retry_base_ms doubled per attempt, failing after p_max_attempts. Service role only.';
revoke all on function public.record_push_attempt(uuid, boolean, integer, text, integer, integer) from public, anon, authenticated;
grant execute on function public.record_push_attempt(uuid, boolean, integer, text, integer, integer) to service_role;
