-- Newsletter issues written by staff with the announcements area, and one delivery per confirmed
-- subscriber when an issue is sent. The backend's newsletter job claims deliveries (for update
-- skip locked, so several instances can run it), signs each address's unsubscribe link and sends.

create table if not exists public.newsletter_issues (
  id uuid primary key default gen_random_uuid(),
  subject text not null check (char_length(btrim(subject)) between 1 and 200),
  body text not null check (char_length(btrim(body)) between 1 and 50000),
  status text not null default 'draft' check (status in ('draft', 'sending', 'sent')),
  recipient_count integer not null default 0 check (recipient_count >= 0),
  sent_count integer not null default 0 check (sent_count >= 0),
  failed_count integer not null default 0 check (failed_count >= 0),
  created_by uuid default auth.uid() references public.profiles(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  send_started_at timestamptz,
  sent_at timestamptz
);
comment on table public.newsletter_issues is
  'A newsletter issue: written and edited as a draft by staff with the announcements area, sent once through public.send_newsletter_issue to the confirmed, not unsubscribed subscribers of that moment.';
comment on column public.newsletter_issues.body is
  'Plain text with a little markdown: blank lines separate paragraphs, lines starting with "- " are list items, **bold**. Rendered escaped; no HTML passes through.';
comment on column public.newsletter_issues.status is
  'draft: editable; sending: deliveries queued, the job is sending; sent: every delivery finished (sent or failed).';
create index if not exists newsletter_issues_created_idx on public.newsletter_issues (created_at desc);

alter table public.newsletter_issues enable row level security;
revoke all on table public.newsletter_issues from public, anon, authenticated;
grant select, delete on table public.newsletter_issues to authenticated;
grant insert (id, subject, body), update (subject, body) on table public.newsletter_issues to authenticated;
grant all on table public.newsletter_issues to service_role;
create policy newsletter_issues_select on public.newsletter_issues
  for select to authenticated using ((select public.admin_has_permission('announcements')));
create policy newsletter_issues_insert on public.newsletter_issues
  for insert to authenticated
  with check ((select public.admin_has_permission('announcements')) and status = 'draft');
create policy newsletter_issues_update on public.newsletter_issues
  for update to authenticated
  using ((select public.admin_has_permission('announcements')) and status = 'draft')
  with check ((select public.admin_has_permission('announcements')) and status = 'draft');
create policy newsletter_issues_delete on public.newsletter_issues
  for delete to authenticated
  using ((select public.admin_has_permission('announcements')) and status = 'draft');
create policy "mfa: aal2 for enrolled users" on public.newsletter_issues
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));
create trigger newsletter_issues_set_updated_at before update on public.newsletter_issues
  for each row execute function public.set_updated_at();

create table if not exists public.newsletter_deliveries (
  issue_id uuid not null references public.newsletter_issues(id) on delete cascade,
  subscriber_id uuid not null references public.newsletter_subscribers(id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'sent', 'skipped', 'failed')),
  attempts integer not null default 0,
  claimed_at timestamptz,
  sent_at timestamptz,
  last_error text,
  primary key (issue_id, subscriber_id)
);
comment on table public.newsletter_deliveries is
  'One newsletter e-mail per confirmed subscriber of an issue, written by public.send_newsletter_issue and claimed and finished by the backend''s newsletter job. skipped: the address unsubscribed before its turn. Staff with the announcements area read them; nobody else.';
create index if not exists newsletter_deliveries_pending_idx
  on public.newsletter_deliveries (issue_id) where status = 'pending';
create index if not exists newsletter_deliveries_subscriber_idx
  on public.newsletter_deliveries (subscriber_id);

alter table public.newsletter_deliveries enable row level security;
revoke all on table public.newsletter_deliveries from public, anon, authenticated;
grant select on table public.newsletter_deliveries to authenticated;
grant all on table public.newsletter_deliveries to service_role;
create policy newsletter_deliveries_select on public.newsletter_deliveries
  for select to authenticated using ((select public.admin_has_permission('announcements')));
create policy "mfa: aal2 for enrolled users" on public.newsletter_deliveries
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- Sends a draft: marks it sending and queues one delivery per confirmed, not unsubscribed
-- subscriber. Only staff with the announcements area; an issue is sent once.
create or replace function public.send_newsletter_issue(p_issue uuid)
returns public.newsletter_issues
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_issue public.newsletter_issues;
  v_count integer;
begin
  if not public.admin_has_permission('announcements') then
    raise exception 'Only staff with the announcements area can send a newsletter.'
      using errcode = '42501';
  end if;
  update public.newsletter_issues set status = 'sending', send_started_at = now()
  where id = p_issue and status = 'draft'
  returning * into v_issue;
  if v_issue.id is null then
    raise exception 'This issue is not a draft (it was sent already, or it does not exist).'
      using errcode = '22023';
  end if;
  insert into public.newsletter_deliveries (issue_id, subscriber_id)
  select v_issue.id, s.id from public.newsletter_subscribers s
  where s.confirmed_at is not null and s.unsubscribed_at is null;
  get diagnostics v_count = row_count;
  update public.newsletter_issues
  set recipient_count = v_count,
    status = case when v_count = 0 then 'sent' else 'sending' end,
    sent_at = case when v_count = 0 then now() else null end
  where id = v_issue.id
  returning * into v_issue;
  return v_issue;
end;
$$;
comment on function public.send_newsletter_issue(uuid) is
  'Staff with the announcements area: sends a draft issue to every confirmed, not unsubscribed subscriber (one newsletter_deliveries row each, sent by the backend job). 42501 without the area; 22023 when the issue is not a draft.';
revoke execute on function public.send_newsletter_issue(uuid) from public, anon;
grant execute on function public.send_newsletter_issue(uuid) to authenticated, service_role;

-- The job's claim: skips deliveries whose address unsubscribed since the send, then claims up to
-- p_limit pending ones (a claim older than 5 minutes belongs to an instance that died).
create or replace function public.claim_newsletter_deliveries(p_limit integer default 50)
returns table (issue_id uuid, subscriber_id uuid, email text, subject text, body text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.newsletter_deliveries d set status = 'skipped'
  from public.newsletter_subscribers s
  where s.id = d.subscriber_id and d.status = 'pending'
    and (s.unsubscribed_at is not null or s.confirmed_at is null);
  return query
  with claimed as (
    update public.newsletter_deliveries d
    set claimed_at = now(), attempts = d.attempts + 1
    where (d.issue_id, d.subscriber_id) in (
      select q.issue_id, q.subscriber_id from public.newsletter_deliveries q
      where q.status = 'pending'
        and (q.claimed_at is null or q.claimed_at < now() - interval '5 minutes')
      order by q.issue_id, q.subscriber_id
      limit greatest(1, least(p_limit, 500))
      for update skip locked)
    returning d.issue_id, d.subscriber_id
  )
  select c.issue_id, c.subscriber_id, s.email, i.subject, i.body
  from claimed c
  join public.newsletter_subscribers s on s.id = c.subscriber_id
  join public.newsletter_issues i on i.id = c.issue_id;
  -- an issue whose deliveries were all skipped is finished too
  update public.newsletter_issues i set status = 'sent', sent_at = now()
  where i.status = 'sending' and not exists (
    select 1 from public.newsletter_deliveries d where d.issue_id = i.id and d.status = 'pending');
end;
$$;
comment on function public.claim_newsletter_deliveries(integer) is
  'Service role (the backend''s newsletter job): skips deliveries to addresses that unsubscribed since the send and claims pending ones (for update skip locked), returning address, subject and body.';
revoke execute on function public.claim_newsletter_deliveries(integer) from public, anon, authenticated;
grant execute on function public.claim_newsletter_deliveries(integer) to service_role;

-- Records a claimed delivery's outcome: sent (p_error null), retried later, or failed after 5
-- attempts; the issue's counts follow, and it is sent once nothing is pending.
create or replace function public.finish_newsletter_delivery(
  p_issue uuid, p_subscriber uuid, p_error text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_status text;
begin
  update public.newsletter_deliveries d
  set status = case when p_error is null then 'sent' when d.attempts >= 5 then 'failed' else 'pending' end,
    sent_at = case when p_error is null then now() else null end,
    claimed_at = case when p_error is null then d.claimed_at else null end,
    last_error = left(p_error, 2000)
  where d.issue_id = p_issue and d.subscriber_id = p_subscriber and d.status = 'pending'
  returning d.status into v_status;
  if v_status is null or v_status = 'pending' then
    return;
  end if;
  update public.newsletter_issues i
  set sent_count = i.sent_count + (v_status = 'sent')::integer,
    failed_count = i.failed_count + (v_status = 'failed')::integer
  where i.id = p_issue;
  update public.newsletter_issues i set status = 'sent', sent_at = now()
  where i.id = p_issue and i.status = 'sending' and not exists (
    select 1 from public.newsletter_deliveries d where d.issue_id = p_issue and d.status = 'pending');
end;
$$;
comment on function public.finish_newsletter_delivery(uuid, uuid, text) is
  'Service role (the backend''s newsletter job): records a delivery as sent, to retry, or failed after 5 attempts, and keeps the issue''s counts and status.';
revoke execute on function public.finish_newsletter_delivery(uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.finish_newsletter_delivery(uuid, uuid, text) to service_role;
