-- system settings (decision 0086): the feature flags every app reads as the runtime
-- configuration's `features`, kept in the database so a super admin changes them in the BMS area
-- without a redeploy. /config.json's `features` stay the deploy-time defaults; a row here wins.

create table if not exists public.system_settings (
  key text primary key check (key ~ '^[a-z][a-z0-9_]{1,62}$'),
  enabled boolean not null default false,
  description text not null check (char_length(trim(description)) between 3 and 500),
  -- public flags reach every browser (anon included); private ones only super admins.
  is_public boolean not null default true,
  updated_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.system_settings is
  'Feature flags: key -> enabled. Public rows are merged over /config.json features by every app (shared/src/config/feature-flags.ts); super admins write them, every write audited.';

drop trigger if exists system_settings_set_updated_at on public.system_settings;
create trigger system_settings_set_updated_at
  before update on public.system_settings
  for each row execute function public.set_updated_at();

drop trigger if exists system_settings_audit on public.system_settings;
create trigger system_settings_audit
  after insert or update or delete on public.system_settings
  for each row execute function public.audit_admin_write('key');

alter table public.system_settings enable row level security;

drop policy if exists system_settings_select on public.system_settings;
create policy system_settings_select on public.system_settings
  for select to anon, authenticated
  using (is_public or (select public.is_super_admin()));
comment on policy system_settings_select on public.system_settings is
  'Everyone reads the public flags the apps need; super admins read every setting.';

drop policy if exists system_settings_insert on public.system_settings;
create policy system_settings_insert on public.system_settings
  for insert to authenticated with check ((select public.is_super_admin()));
comment on policy system_settings_insert on public.system_settings is 'Super admins add settings (audited).';

drop policy if exists system_settings_update on public.system_settings;
create policy system_settings_update on public.system_settings
  for update to authenticated
  using ((select public.is_super_admin())) with check ((select public.is_super_admin()));
comment on policy system_settings_update on public.system_settings is 'Super admins change settings (audited).';

drop policy if exists system_settings_delete on public.system_settings;
create policy system_settings_delete on public.system_settings
  for delete to authenticated using ((select public.is_super_admin()));
comment on policy system_settings_delete on public.system_settings is 'Super admins remove settings (audited).';

revoke all on table public.system_settings from public, anon, authenticated;
grant select on table public.system_settings to anon;
grant select, insert, update, delete on table public.system_settings to authenticated;
grant all on table public.system_settings to service_role;
