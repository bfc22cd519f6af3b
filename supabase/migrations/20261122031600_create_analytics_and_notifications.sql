-- system notifications (the announcement banner), per-user analytics and anonymous-capable
-- analytics events (page views, activity and unload beacons from the shell).

create table if not exists public.system_notifications (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 200),
  message text not null check (char_length(message) between 1 and 2000),
  is_active boolean not null default true,
  target_type text not null default 'all' check (target_type in ('all', 'professional', 'business')),
  sent_at timestamptz not null default now(),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.system_notifications is
  'Announcements from staff to signed-in users: target_type all or an account type. The banner shows the newest active one by sent_at.';
create index if not exists system_notifications_active_idx on public.system_notifications (sent_at desc) where is_active;

drop trigger if exists system_notifications_set_updated_at on public.system_notifications;
create trigger system_notifications_set_updated_at
  before update on public.system_notifications
  for each row execute function public.set_updated_at();

create table if not exists public.user_analytics (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  metric_name text not null check (char_length(metric_name) between 1 and 100),
  metric_value numeric not null default 0,
  metadata jsonb not null default '{}'::jsonb check (jsonb_typeof(metadata) = 'object' and pg_column_size(metadata) <= 8192),
  created_at timestamptz not null default now()
);
comment on table public.user_analytics is 'Per-user metrics (page load time, user actions) for the user''s own analytics dashboard. Append-only.';
create index if not exists user_analytics_user_metric_idx on public.user_analytics (user_id, metric_name, created_at desc);

create table if not exists public.analytics_events (
  id uuid primary key default gen_random_uuid(),
  user_id uuid default auth.uid() references public.profiles (id) on delete set null,
  event_type text not null check (char_length(event_type) between 1 and 100),
  event_action text check (char_length(event_action) <= 100),
  event_data jsonb not null default '{}'::jsonb check (jsonb_typeof(event_data) = 'object' and pg_column_size(event_data) <= 8192),
  page_path text check (char_length(page_path) <= 2000),
  session_id text not null default 'anonymous' check (char_length(session_id) <= 200),
  "timestamp" timestamptz not null default now(),
  created_at timestamptz not null default now()
);
comment on table public.analytics_events is
  'Activity events (page views, heartbeats, visibility) from visitors and users, recorded only after cookie consent. Write-only for clients; admins read them for aggregate analytics.';
create index if not exists analytics_events_timestamp_idx on public.analytics_events ("timestamp" desc);
create index if not exists analytics_events_type_idx on public.analytics_events (event_type, "timestamp" desc);

alter table public.system_notifications enable row level security;
alter table public.user_analytics enable row level security;
alter table public.analytics_events enable row level security;

drop policy if exists system_notifications_select on public.system_notifications;
create policy system_notifications_select on public.system_notifications
  for select to authenticated
  using (
    (is_active and (target_type = 'all' or target_type = (select public.account_type_of((select auth.uid())))))
    or (select public.is_admin())
  );
comment on policy system_notifications_select on public.system_notifications is
  'Signed-in users read active announcements for everyone or their account type; admins read all.';

drop policy if exists system_notifications_insert on public.system_notifications;
create policy system_notifications_insert on public.system_notifications
  for insert to authenticated with check ((select public.is_admin()));
comment on policy system_notifications_insert on public.system_notifications is 'Admins publish announcements.';

drop policy if exists system_notifications_update on public.system_notifications;
create policy system_notifications_update on public.system_notifications
  for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
comment on policy system_notifications_update on public.system_notifications is 'Admins edit or deactivate announcements.';

drop policy if exists system_notifications_delete on public.system_notifications;
create policy system_notifications_delete on public.system_notifications
  for delete to authenticated using ((select public.is_admin()));
comment on policy system_notifications_delete on public.system_notifications is 'Admins delete announcements.';

drop policy if exists user_analytics_select on public.user_analytics;
create policy user_analytics_select on public.user_analytics
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
comment on policy user_analytics_select on public.user_analytics is 'Users read their own metrics; admins read all.';

drop policy if exists user_analytics_insert on public.user_analytics;
create policy user_analytics_insert on public.user_analytics
  for insert to authenticated with check (user_id = (select auth.uid()));
comment on policy user_analytics_insert on public.user_analytics is 'Users record metrics about themselves only. Append-only: no update or delete.';

drop policy if exists analytics_events_insert on public.analytics_events;
create policy analytics_events_insert on public.analytics_events
  for insert to anon, authenticated
  with check (user_id is null or user_id = (select auth.uid()));
comment on policy analytics_events_insert on public.analytics_events is
  'Visitors and users record events (the unload beacon included); an event can name only the caller as its user.';

drop policy if exists analytics_events_select on public.analytics_events;
create policy analytics_events_select on public.analytics_events
  for select to authenticated using ((select public.is_admin()));
comment on policy analytics_events_select on public.analytics_events is 'Only admins read raw events; public pages show aggregates computed server-side.';

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'system_notifications'
  ) then
    alter publication supabase_realtime add table public.system_notifications;
  end if;
end;
$$;
