-- Delivery records of notifications (the e-mail queue and the push queue) are kept 30 days once
-- they are finished (sent, failed, suppressed or skipped), then the daily retention job deletes
-- them. Pending rows are work still to do and stay. The period lives in retention_policies like
-- every other, so the GDPR page shows what the job does.

alter table public.retention_policies drop constraint if exists retention_policies_period_enforced;
alter table public.retention_policies add constraint retention_policies_period_enforced check (
  period_count is null or category in ('contact_messages', 'lead_captures', 'analytics_events',
    'notification_deliveries')
);

insert into public.retention_policies
  (category, label, period_count, period_unit, note, legal_basis, position)
values
  ('notification_deliveries', 'Notification e-mail and push delivery records', 30, 'day',
    'from when the notification was queued, once delivered or given up; then deleted',
    'Legitimate interests (Art. 6(1)(f)): delivering and retrying your notifications', 6)
on conflict (category) do nothing;

create index if not exists notification_emails_finished_created_idx
  on public.notification_emails (created_at) where status <> 'pending';
create index if not exists push_deliveries_finished_created_idx
  on public.push_deliveries (created_at) where status <> 'pending';

create or replace function public.run_retention(p_now timestamptz default now())
returns setof public.retention_runs
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day date := (p_now at time zone 'Europe/London')::date;
  v_category text;
  v_cutoff timestamptz;
  v_count bigint;
  v_more bigint;
  v_deleted jsonb := '{}'::jsonb;
  v_cutoffs jsonb := '{}'::jsonb;
begin
  insert into public.retention_runs (run_on, started_at) values (v_day, p_now)
    on conflict (run_on) do nothing;
  if not found then
    return; -- this day's run belongs to another pass (this instance or another)
  end if;
  for v_category in
    select r.category from public.retention_policies r
    where r.period_count is not null order by r.position
  loop
    v_cutoff := public.retention_cutoff(v_category, p_now);
    case v_category
      when 'contact_messages' then
        delete from public.contact_messages where created_at < v_cutoff;
        get diagnostics v_count = row_count;
      when 'lead_captures' then
        delete from public.leads where created_at < v_cutoff;
        get diagnostics v_count = row_count;
      when 'analytics_events' then
        delete from public.analytics_events where created_at < v_cutoff;
        get diagnostics v_count = row_count;
      when 'notification_deliveries' then
        delete from public.notification_emails where status <> 'pending' and created_at < v_cutoff;
        get diagnostics v_count = row_count;
        delete from public.push_deliveries where status <> 'pending' and created_at < v_cutoff;
        get diagnostics v_more = row_count;
        v_count := v_count + v_more;
    end case;
    v_deleted := v_deleted || jsonb_build_object(v_category, v_count);
    v_cutoffs := v_cutoffs || jsonb_build_object(v_category, v_cutoff);
  end loop;
  return query
    update public.retention_runs
       set deleted = v_deleted, cutoffs = v_cutoffs, finished_at = clock_timestamp()
     where run_on = v_day
    returning *;
end;
$$;
comment on function public.run_retention(timestamptz) is
  'Retention job: claims the UK day of p_now (once, whichever instance asks first), deletes the contact messages, lead captures, analytics events and finished notification delivery records (e-mail and push queues) past their period in public.retention_policies, and returns the run with the counts. Returns nothing when the day was already run. Service role only.';
revoke execute on function public.run_retention(timestamptz) from public, anon, authenticated;
grant execute on function public.run_retention(timestamptz) to service_role;
