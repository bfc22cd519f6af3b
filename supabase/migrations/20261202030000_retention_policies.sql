-- Retention (docs/decisions/0170-retention-from-one-table.md): how long each kind of personal
-- data is kept lives in ONE table, public.retention_policies. The GDPR page lists it (anyone may
-- read it) and the retention job deletes by it, so the page and the job cannot disagree.
--   * public.run_retention(p_now) claims the day's run (one row per UK day in
--     public.retention_runs, so several server instances run it once), deletes what is past its
--     period and records how many rows of each kind went (counts, never contents).
--   * staff holding the audit area read the runs.
--   * rows the public forms write get their arrival time from the database, so a visitor cannot
--     date a row into the future and keep it past its period.

create table if not exists public.retention_policies (
  category text primary key check (category ~ '^[a-z_]{1,40}$'),
  label text not null check (char_length(label) between 1 and 100),
  -- null period: kept while the account is open (the note says how); otherwise deleted after it
  period_count integer check (period_count between 1 and 1200),
  period_unit text check (period_unit in ('day', 'month')),
  note text not null check (char_length(note) between 1 and 300),
  legal_basis text not null check (char_length(legal_basis) between 1 and 200),
  position smallint not null unique,
  constraint retention_policies_period_whole check ((period_count is null) = (period_unit is null)),
  -- a period is shown only for data the retention job deletes (run_retention knows these)
  constraint retention_policies_period_enforced check (
    period_count is null or category in ('contact_messages', 'lead_captures', 'analytics_events')
  )
);
comment on table public.retention_policies is
  'How long each kind of personal data is kept: the GDPR page lists these rows and public.run_retention deletes by them. Everyone reads; only migrations (or the service role) change them.';
alter table public.retention_policies enable row level security;
revoke all on table public.retention_policies from public, anon, authenticated;
grant select on table public.retention_policies to anon, authenticated;
grant all on table public.retention_policies to service_role;
drop policy if exists retention_policies_select on public.retention_policies;
create policy retention_policies_select on public.retention_policies
  for select to anon, authenticated using (true);
comment on policy retention_policies_select on public.retention_policies is
  'Public: the GDPR page shows every row. No write policies.';
drop policy if exists "mfa: aal2 for enrolled users" on public.retention_policies;
create policy "mfa: aal2 for enrolled users" on public.retention_policies
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

insert into public.retention_policies
  (category, label, period_count, period_unit, note, legal_basis, position)
values
  ('account', 'Account and profile', null, null,
    'While your account is open; erased at once when you delete it', 'Contract (Art. 6(1)(b))', 1),
  ('messages', 'Messages and appointments', null, null,
    'While either party’s account is open', 'Contract (Art. 6(1)(b))', 2),
  ('contact_messages', 'Contact form messages', 24, 'month',
    'then deleted', 'Legitimate interests (Art. 6(1)(f)): answering you', 3),
  ('lead_captures', 'Lead-capture details (consent version 1.0)', 30, 'day',
    'then deleted', 'Consent (Art. 6(1)(a))', 4),
  ('analytics_events', 'Analytics events', 13, 'month',
    'only with consent, then deleted', 'Consent (Art. 6(1)(a))', 5)
on conflict (category) do nothing;

create table if not exists public.retention_runs (
  run_on date primary key,
  started_at timestamptz not null,
  finished_at timestamptz,
  -- rows deleted per category, e.g. {"contact_messages": 3, "analytics_events": 0}
  deleted jsonb not null default '{}'::jsonb check (jsonb_typeof(deleted) = 'object'),
  -- the cut-off used per category (rows older than it went)
  cutoffs jsonb not null default '{}'::jsonb check (jsonb_typeof(cutoffs) = 'object')
);
comment on table public.retention_runs is
  'One row per UK day the retention job ran: claimed first (the primary key keeps a second server instance from running the same day), then the number of rows deleted per category and the cut-offs used. Counts only, never contents. Staff with the audit area read it.';
alter table public.retention_runs enable row level security;
revoke all on table public.retention_runs from public, anon, authenticated;
grant select on table public.retention_runs to authenticated;
grant all on table public.retention_runs to service_role;
drop policy if exists retention_runs_select on public.retention_runs;
create policy retention_runs_select on public.retention_runs
  for select to authenticated using ((select public.admin_has_permission('audit')));
comment on policy retention_runs_select on public.retention_runs is
  'Staff with the audit area see what the retention job deleted; nobody writes through the api.';
drop policy if exists "mfa: aal2 for enrolled users" on public.retention_runs;
create policy "mfa: aal2 for enrolled users" on public.retention_runs
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- the moment before which a category's rows are past their period
create or replace function public.retention_cutoff(p_category text, p_now timestamptz)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select p_now - case r.period_unit
      when 'month' then make_interval(months => r.period_count)
      else make_interval(days => r.period_count)
    end
  from public.retention_policies r
  where r.category = p_category and r.period_count is not null
$$;
comment on function public.retention_cutoff(text, timestamptz) is
  'Retention job: rows of the category older than this are past their period (null: none is set). Service role only.';
revoke all on function public.retention_cutoff(text, timestamptz) from public, anon, authenticated;
grant execute on function public.retention_cutoff(text, timestamptz) to service_role;

create or replace function public.run_retention(p_now timestamptz default now())
returns setof public.retention_runs
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_day date := (p_now at time zone 'Europe/London')::date;
  v_category text;
  v_cutoff timestamptz;
  v_count bigint;
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
      when 'lead_captures' then
        delete from public.leads where created_at < v_cutoff;
      when 'analytics_events' then
        delete from public.analytics_events where created_at < v_cutoff;
    end case;
    get diagnostics v_count = row_count;
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
  'Retention job: claims the UK day of p_now (once, whichever instance asks first), deletes the contact messages, lead captures and analytics events past their period in public.retention_policies, and returns the run with the counts. Returns nothing when the day was already run. Service role only.';
revoke all on function public.run_retention(timestamptz) from public, anon, authenticated;
grant execute on function public.run_retention(timestamptz) to service_role;

-- the arrival time of a row a visitor or user writes is the database's, not the client's: the
-- period runs from when it really arrived. the service role (imports, tests) may set it.
create or replace function public.stamp_arrival()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.created_at := now();
  end if;
  return new;
end;
$$;
comment on function public.stamp_arrival() is
  'Before insert on rows the retention job deletes by age: visitors and users cannot choose created_at.';
revoke all on function public.stamp_arrival() from public, anon, authenticated;

drop trigger if exists contact_messages_stamp_arrival on public.contact_messages;
create trigger contact_messages_stamp_arrival before insert on public.contact_messages
  for each row execute function public.stamp_arrival();
drop trigger if exists leads_stamp_arrival on public.leads;
create trigger leads_stamp_arrival before insert on public.leads
  for each row execute function public.stamp_arrival();
drop trigger if exists analytics_events_stamp_arrival on public.analytics_events;
create trigger analytics_events_stamp_arrival before insert on public.analytics_events
  for each row execute function public.stamp_arrival();

create index if not exists analytics_events_created_at_idx on public.analytics_events (created_at);
