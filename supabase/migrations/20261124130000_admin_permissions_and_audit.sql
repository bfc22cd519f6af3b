-- the management portal's server side, part one: per-area admin permissions and the append-only
-- audit log every admin action writes to (decision 0060).
--
-- permissions: admin_users.permissions is an object of area -> true. an active super_admin holds
-- every area; an active admin holds the areas set to true. is_admin() (any active staff record)
-- still opens the portal; each area's rows and functions check admin_has_permission(area).

create or replace function public.admin_has_permission(p_area text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admin_users a
    where a.user_id = (select auth.uid()) and a.is_active
      and (a.role = 'super_admin' or coalesce(a.permissions ->> p_area, 'false') = 'true')
  );
$$;
comment on function public.admin_has_permission(text) is
  'True when the caller is an active super_admin, or an active admin whose permissions object sets this area to true. Areas: users, verification, announcements, inbox, audit, analytics.';

-- the audit log ------------------------------------------------------------------------------

create table if not exists public.admin_audit_log (
  id uuid primary key default gen_random_uuid(),
  occurred_at timestamptz not null default clock_timestamp(),
  -- no foreign keys: removing a user must not rewrite (or be blocked by) the history.
  actor_id uuid,
  actor_role text,
  action text not null check (char_length(action) between 1 and 100),
  target_type text not null check (char_length(target_type) between 1 and 100),
  target_id text,
  reason text check (char_length(reason) <= 2000),
  before jsonb,
  after jsonb
);
comment on table public.admin_audit_log is
  'Every admin action: who (actor_id, actor_role), what (action, target_type, target_id, reason), when, and the row before and after. Append-only for everyone, the service role and table owner included (trigger admin_audit_log_append_only).';
create index if not exists admin_audit_log_occurred_idx on public.admin_audit_log (occurred_at desc);
create index if not exists admin_audit_log_target_idx on public.admin_audit_log (target_type, target_id, occurred_at desc);
create index if not exists admin_audit_log_actor_idx on public.admin_audit_log (actor_id, occurred_at desc);

create or replace function public.admin_audit_log_refuse_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'admin_audit_log is append-only' using errcode = '42501';
end;
$$;
comment on function public.admin_audit_log_refuse_change() is
  'Trigger: refuses every update, delete and truncate of admin_audit_log, whoever asks.';

drop trigger if exists admin_audit_log_append_only on public.admin_audit_log;
create trigger admin_audit_log_append_only
  before update or delete on public.admin_audit_log
  for each row execute function public.admin_audit_log_refuse_change();
drop trigger if exists admin_audit_log_no_truncate on public.admin_audit_log;
create trigger admin_audit_log_no_truncate
  before truncate on public.admin_audit_log
  for each statement execute function public.admin_audit_log_refuse_change();

alter table public.admin_audit_log enable row level security;

drop policy if exists admin_audit_log_select on public.admin_audit_log;
create policy admin_audit_log_select on public.admin_audit_log
  for select to authenticated using ((select public.admin_has_permission('audit')));
comment on policy admin_audit_log_select on public.admin_audit_log is
  'Admins with the audit permission (and super admins) read the log. Nobody writes it directly: rows come from the admin functions and audit triggers.';

revoke all on table public.admin_audit_log from public, anon, authenticated;
grant select on table public.admin_audit_log to authenticated;
grant select, insert on table public.admin_audit_log to service_role;

create or replace function public.write_admin_audit(
  p_action text,
  p_target_type text,
  p_target_id text,
  p_before jsonb,
  p_after jsonb,
  p_reason text default null
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.admin_audit_log (actor_id, actor_role, action, target_type, target_id, before, after, reason)
  values (
    (select auth.uid()),
    (select a.role from public.admin_users a where a.user_id = (select auth.uid())),
    p_action, p_target_type, p_target_id, p_before, p_after, left(p_reason, 2000)
  );
$$;
comment on function public.write_admin_audit(text, text, text, jsonb, jsonb, text) is
  'Appends one audit entry for the calling admin. Internal: called by the admin functions and audit triggers, not executable through the API.';

create or replace function public.audit_admin_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_after jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_key text := coalesce(v_after, v_before) ->> coalesce(tg_argv[0], 'id');
begin
  -- direct api writes only: the service role has no user, and the admin functions write their
  -- own entry (with the reason) after setting promatch.in_admin_function for the transaction.
  if (select auth.uid()) is null or current_setting('promatch.in_admin_function', true) = 'on' then
    return null;
  end if;
  if not (select public.is_admin()) then
    return null;
  end if;
  -- a profile's owner editing it is not an admin action.
  if tg_table_name = 'profiles' and v_key = (select auth.uid())::text then
    return null;
  end if;
  if tg_op = 'UPDATE' and v_before = v_after then
    return null;
  end if;
  perform public.write_admin_audit(
    lower(tg_op), tg_table_name, v_key, v_before - 'search_vector' - 'search_text',
    v_after - 'search_vector' - 'search_text');
  return null;
end;
$$;
comment on function public.audit_admin_write() is
  'Trigger: records a staff member''s direct write to a managed table (announcements, plans, staff, inbox, companies, other users'' profiles) in admin_audit_log, with the row before and after. Argument: the key column (default id).';

drop trigger if exists system_notifications_audit on public.system_notifications;
create trigger system_notifications_audit
  after insert or update or delete on public.system_notifications
  for each row execute function public.audit_admin_write();
drop trigger if exists subscription_plans_audit on public.subscription_plans;
create trigger subscription_plans_audit
  after insert or update or delete on public.subscription_plans
  for each row execute function public.audit_admin_write();
drop trigger if exists admin_users_audit on public.admin_users;
create trigger admin_users_audit
  after insert or update or delete on public.admin_users
  for each row execute function public.audit_admin_write('user_id');
drop trigger if exists contact_messages_audit on public.contact_messages;
create trigger contact_messages_audit
  after update or delete on public.contact_messages
  for each row execute function public.audit_admin_write();
drop trigger if exists leads_audit on public.leads;
create trigger leads_audit
  after update or delete on public.leads
  for each row execute function public.audit_admin_write();
drop trigger if exists newsletter_subscribers_audit on public.newsletter_subscribers;
create trigger newsletter_subscribers_audit
  after update or delete on public.newsletter_subscribers
  for each row execute function public.audit_admin_write();
drop trigger if exists companies_audit on public.companies;
create trigger companies_audit
  after update or delete on public.companies
  for each row execute function public.audit_admin_write();
drop trigger if exists profiles_audit on public.profiles;
create trigger profiles_audit
  after update on public.profiles
  for each row execute function public.audit_admin_write();
drop trigger if exists user_subscriptions_audit on public.user_subscriptions;
create trigger user_subscriptions_audit
  after insert or update or delete on public.user_subscriptions
  for each row execute function public.audit_admin_write('user_id');

-- announcements: the announcements area writes; users see an announcement once its time comes --

drop policy if exists system_notifications_select on public.system_notifications;
create policy system_notifications_select on public.system_notifications
  for select to authenticated
  using (
    (is_active and sent_at <= now()
      and (target_type = 'all' or target_type = (select public.account_type_of((select auth.uid())))))
    or (select public.admin_has_permission('announcements'))
  );
comment on policy system_notifications_select on public.system_notifications is
  'Signed-in users read active announcements for everyone or their account type once sent_at has come (scheduling); the announcements area reads all, history included.';

drop policy if exists system_notifications_insert on public.system_notifications;
create policy system_notifications_insert on public.system_notifications
  for insert to authenticated with check ((select public.admin_has_permission('announcements')));
comment on policy system_notifications_insert on public.system_notifications is 'Admins with the announcements permission publish or schedule announcements.';

drop policy if exists system_notifications_update on public.system_notifications;
create policy system_notifications_update on public.system_notifications
  for update to authenticated
  using ((select public.admin_has_permission('announcements')))
  with check ((select public.admin_has_permission('announcements')));
comment on policy system_notifications_update on public.system_notifications is 'Admins with the announcements permission edit or deactivate announcements.';

drop policy if exists system_notifications_delete on public.system_notifications;
create policy system_notifications_delete on public.system_notifications
  for delete to authenticated using ((select public.is_super_admin()));
comment on policy system_notifications_delete on public.system_notifications is
  'Only super admins delete announcements; admins deactivate them, so the history stays.';

grant execute on function public.admin_has_permission(text) to authenticated;
revoke all on function public.write_admin_audit(text, text, text, jsonb, jsonb, text) from public, anon, authenticated;
revoke all on function public.audit_admin_write() from public, anon, authenticated;
revoke all on function public.admin_audit_log_refuse_change() from public, anon, authenticated;
