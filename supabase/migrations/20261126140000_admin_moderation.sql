-- the management portal's moderation area (decision 0085): the queue of users' reports (filed
-- from a conversation in messaging), the reported content in context for staff holding the
-- moderation area, and the actions dismiss, warn and suspend, each with an outcome note
-- recorded on the report and in the audit log.

-- reports: which message, and what was done ---------------------------------------------------

alter table public.user_reports
  add column if not exists message_id uuid references public.messages (id) on delete set null,
  add column if not exists outcome text check (outcome in ('dismissed', 'warned', 'suspended'));
comment on column public.user_reports.message_id is
  'The reported message, when the report was filed from one; it must belong to conversation_id.';
comment on column public.user_reports.outcome is
  'What the moderator did: dismissed, warned or suspended. Set with reviewed_by, reviewed_at and resolution_note by admin_resolve_report only.';

-- the area owns the queue now: only staff with the moderation area read reports, and nobody
-- changes one directly (admin_resolve_report writes the outcome and the audit entry together).
drop policy if exists user_reports_select on public.user_reports;
create policy user_reports_select on public.user_reports
  for select to authenticated
  using (reporter_id = (select auth.uid()) or (select public.admin_has_permission('moderation')));
comment on policy user_reports_select on public.user_reports is
  'Reporters see their own reports; staff with the moderation area see every report. The reported user does not.';

drop policy if exists user_reports_insert on public.user_reports;
create policy user_reports_insert on public.user_reports
  for insert to authenticated
  with check (
    reporter_id = (select auth.uid()) and status = 'open' and outcome is null
    and reviewed_by is null and reviewed_at is null and resolution_note is null
    and (conversation_id is null or (select public.is_conversation_participant(conversation_id)))
    and (message_id is null or exists (
      select 1 from public.messages m
      where m.id = message_id and m.conversation_id = user_reports.conversation_id
        and m.sender_id = user_reports.reported_id)));
comment on policy user_reports_insert on public.user_reports is
  'Users file open reports as themselves, about a conversation only if they take part in it, and about a message only if the reported user sent it in that conversation.';

drop policy if exists user_reports_update on public.user_reports;
revoke update on table public.user_reports from authenticated;

-- warnings --------------------------------------------------------------------------------------

create table if not exists public.moderation_warnings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  report_id uuid references public.user_reports (id) on delete set null,
  message text not null check (char_length(message) between 3 and 2000),
  created_by uuid,
  created_at timestamptz not null default now()
);
comment on table public.moderation_warnings is
  'A warning staff sent a user after a report: the user reads their own (it is also e-mailed to them); staff with the moderation area read all. Written only by admin_resolve_report.';
create index if not exists moderation_warnings_user_idx on public.moderation_warnings (user_id, created_at desc);

alter table public.moderation_warnings enable row level security;
drop policy if exists moderation_warnings_select on public.moderation_warnings;
create policy moderation_warnings_select on public.moderation_warnings
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.admin_has_permission('moderation')));
comment on policy moderation_warnings_select on public.moderation_warnings is
  'The warned user reads their own warnings; staff with the moderation area read every warning.';
revoke all on table public.moderation_warnings from public, anon, authenticated;
grant select on table public.moderation_warnings to authenticated;
grant all on table public.moderation_warnings to service_role;

-- suspension shared by the users and moderation areas -------------------------------------------

create or replace function public.admin_do_suspend(p_user uuid, p_actor uuid, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb;
begin
  if p_user = p_actor then
    raise exception 'You cannot suspend your own account.' using errcode = '22023';
  end if;
  if exists (select 1 from public.admin_users a where a.user_id = p_user and a.is_active)
     and not (select public.is_super_admin()) then
    raise exception 'Only a super admin can suspend staff.' using errcode = '42501';
  end if;
  select jsonb_build_object('suspended_at', p.suspended_at) into v_before from public.profiles p where p.id = p_user;
  if v_before is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  update public.profiles set suspended_at = coalesce(suspended_at, now()) where id = p_user;
  -- the auth server refuses banned users at sign-in and refresh; deleting the sessions ends
  -- every signed-in device at once (refresh tokens go with them).
  update auth.users set banned_until = now() + interval '100 years' where id = p_user;
  delete from auth.sessions where user_id = p_user;
  perform public.write_admin_audit('suspend_user', 'user', p_user::text, v_before,
    jsonb_build_object('suspended_at', now()), p_reason);
end;
$$;
comment on function public.admin_do_suspend(uuid, uuid, text) is
  'Internal: suspends an account (no sign-in, sessions ended, profile hidden) and audits it. Called by admin_suspend_user (users area) and admin_resolve_report (moderation area) after their own permission check.';

create or replace function public.admin_suspend_user(p_user uuid, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.admin_require('users');
  v_reason text := public.admin_clean_reason(p_reason);
begin
  perform public.admin_do_suspend(p_user, v_actor, v_reason);
end;
$$;
comment on function public.admin_suspend_user(uuid, text) is
  'Users area: suspends an account (no sign-in, sessions ended, profile hidden) with a reason, audited.';

-- the queue -------------------------------------------------------------------------------------

create or replace function public.admin_moderation_queue(p_status text default 'open')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform public.admin_require('moderation');
  if p_status is not null and p_status not in ('open', 'reviewing', 'actioned', 'dismissed', 'all') then
    raise exception 'Unknown report status: %', p_status using errcode = '22023';
  end if;
  select coalesce(jsonb_agg(row_data order by created_at desc), '[]'::jsonb) into v_result
  from (
    select r.created_at, jsonb_build_object(
      'id', r.id, 'reason', r.reason, 'details', r.details, 'status', r.status,
      'outcome', r.outcome, 'resolution_note', r.resolution_note, 'reviewed_at', r.reviewed_at,
      'created_at', r.created_at, 'conversation_id', r.conversation_id, 'message_id', r.message_id,
      'reporter', jsonb_build_object('id', rp.id, 'name', rp.name),
      'reported', jsonb_build_object('id', dp.id, 'name', dp.name,
        'account_type', dp.account_type, 'suspended', dp.suspended_at is not null,
        'reports', (select count(*) from public.user_reports x where x.reported_id = r.reported_id))
    ) as row_data
    from public.user_reports r
    join public.profiles rp on rp.id = r.reporter_id
    join public.profiles dp on dp.id = r.reported_id
    where coalesce(p_status, 'open') = 'all' or r.status = coalesce(p_status, 'open')
    order by r.created_at desc
    limit 200
  ) q;
  return v_result;
end;
$$;
comment on function public.admin_moderation_queue(text) is
  'Moderation area: reports (newest first, at most 200) by status (open by default, or all) with reporter, reported user and how often they were reported.';

create or replace function public.admin_report_context(p_report uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_report public.user_reports;
  v_anchor timestamptz;
  v_messages jsonb := '[]'::jsonb;
begin
  perform public.admin_require('moderation');
  select * into v_report from public.user_reports r where r.id = p_report;
  if not found then
    raise exception 'Report not found' using errcode = 'P0002';
  end if;
  if v_report.conversation_id is not null then
    -- the reported message (or the report's time) and up to five messages either side of it.
    v_anchor := coalesce(
      (select m.created_at from public.messages m where m.id = v_report.message_id),
      v_report.created_at);
    select coalesce(jsonb_agg(jsonb_build_object(
        'id', m.id, 'sender_id', m.sender_id, 'sender_name', p.name, 'content', m.content,
        'created_at', m.created_at, 'reported', m.id = v_report.message_id)
        order by m.created_at, m.id), '[]'::jsonb)
      into v_messages
    from (
      (select * from public.messages b
        where b.conversation_id = v_report.conversation_id and b.created_at <= v_anchor
        order by b.created_at desc, b.id desc limit 6)
      union
      (select * from public.messages a
        where a.conversation_id = v_report.conversation_id and a.created_at > v_anchor
        order by a.created_at, a.id limit 5)
    ) m
    left join public.profiles p on p.id = m.sender_id;
  end if;
  -- reading a private conversation is itself an admin action.
  perform public.write_admin_audit('view_report_context', 'user_report', p_report::text, null,
    jsonb_build_object('conversation_id', v_report.conversation_id,
      'messages', jsonb_array_length(v_messages)), null);
  return jsonb_build_object(
    'report_id', v_report.id, 'conversation_id', v_report.conversation_id,
    'reporter_id', v_report.reporter_id, 'reported_id', v_report.reported_id,
    'messages', v_messages);
end;
$$;
comment on function public.admin_report_context(uuid) is
  'Moderation area: the reported message and up to five messages either side of it from the report''s conversation (the conversation''s last messages before the report when no message is named). Each read is audited.';

create or replace function public.admin_resolve_report(p_report uuid, p_action text, p_note text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.admin_require('moderation');
  v_note text := public.admin_clean_reason(p_note);
  v_report public.user_reports;
  v_outcome text;
  v_email text;
begin
  if p_action is null or p_action not in ('dismiss', 'warn', 'suspend') then
    raise exception 'Choose dismiss, warn or suspend.' using errcode = '22023';
  end if;
  select * into v_report from public.user_reports r where r.id = p_report for update;
  if not found then
    raise exception 'Report not found' using errcode = 'P0002';
  end if;
  if v_report.status in ('actioned', 'dismissed') then
    raise exception 'This report has already been resolved.' using errcode = '22023';
  end if;
  v_outcome := case p_action when 'dismiss' then 'dismissed' when 'warn' then 'warned' else 'suspended' end;
  if p_action = 'warn' then
    insert into public.moderation_warnings (user_id, report_id, message, created_by)
    values (v_report.reported_id, v_report.id, v_note, v_actor);
    select u.email into v_email from auth.users u where u.id = v_report.reported_id;
    if v_email is not null then
      perform public.queue_admin_email(v_email, 'A warning about your ProMatch account',
        'Another member reported your conduct and our moderators reviewed it.' || chr(10) || chr(10)
        || v_note || chr(10) || chr(10)
        || 'Please follow the community rules; further reports may lead to your account being suspended.');
    end if;
  elsif p_action = 'suspend' then
    perform public.admin_do_suspend(v_report.reported_id, v_actor, v_note);
  end if;
  update public.user_reports
    set status = case when p_action = 'dismiss' then 'dismissed' else 'actioned' end,
        outcome = v_outcome, resolution_note = v_note, reviewed_by = v_actor, reviewed_at = now()
    where id = p_report;
  perform public.write_admin_audit('resolve_report', 'user_report', p_report::text,
    jsonb_build_object('status', v_report.status),
    jsonb_build_object('status', case when p_action = 'dismiss' then 'dismissed' else 'actioned' end,
      'outcome', v_outcome, 'reported_id', v_report.reported_id),
    v_note);
  return jsonb_build_object('id', p_report, 'outcome', v_outcome);
end;
$$;
comment on function public.admin_resolve_report(uuid, text, text) is
  'Moderation area: dismisses a report, warns the reported user (a warning they can read, e-mailed too) or suspends them, with an outcome note stored on the report and in the audit log.';

revoke all on function public.admin_do_suspend(uuid, uuid, text) from public, anon, authenticated;
revoke all on function public.admin_moderation_queue(text), public.admin_report_context(uuid),
  public.admin_resolve_report(uuid, text, text) from public, anon;
grant execute on function public.admin_moderation_queue(text), public.admin_report_context(uuid),
  public.admin_resolve_report(uuid, text, text) to authenticated, service_role;

comment on function public.admin_has_permission(text) is
  'True when the caller is an active super_admin, or an active admin whose permissions object sets this area to true. Areas: users, verification, announcements, inbox, audit, analytics, moderation.';
