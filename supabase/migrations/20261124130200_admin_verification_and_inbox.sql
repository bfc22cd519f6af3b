-- the management portal's server side, part three: the company verification queue (a decision
-- the business sees on its dashboard and by e-mail) and the inbox (contact messages, leads and
-- newsletter subscribers with status, assignment and e-mail replies).

-- verification -----------------------------------------------------------------------------

alter table public.companies add column if not exists verification_status text not null default 'pending';
alter table public.companies add column if not exists verification_note text;
alter table public.companies add column if not exists reviewed_at timestamptz;
-- no foreign key: a second link between companies and profiles would make PostgREST embeds of
-- profiles -> companies ambiguous.
alter table public.companies add column if not exists reviewed_by uuid;
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'companies_verification_status_check') then
    alter table public.companies add constraint companies_verification_status_check
      check (verification_status in ('pending', 'verified', 'rejected'));
  end if;
  if not exists (select 1 from pg_constraint where conname = 'companies_verification_note_check') then
    alter table public.companies add constraint companies_verification_note_check
      check (char_length(verification_note) <= 2000);
  end if;
end;
$$;
update public.companies set verification_status = 'verified'
where verified_at is not null and verification_status = 'pending';
comment on column public.companies.verification_status is
  'pending (entered by hand, awaiting staff), verified (confirmed by the register or approved by staff) or rejected (verification_note says why; the business sees it).';

create or replace function public.companies_sync_verification()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- the register confirming the company (verify-company stores verified_at) verifies a pending one.
  if new.verified_at is not null and new.verification_status = 'pending'
     and (tg_op = 'INSERT' or old.verified_at is null) then
    new.verification_status := 'verified';
  end if;
  return new;
end;
$$;
comment on function public.companies_sync_verification() is
  'Trigger: a pending company becomes verified when the register confirms it (verified_at set).';

drop trigger if exists companies_sync_verification on public.companies;
create trigger companies_sync_verification
  before insert or update on public.companies
  for each row execute function public.companies_sync_verification();

drop policy if exists companies_select on public.companies;
create policy companies_select on public.companies
  for select to authenticated
  using (
    (select public.admin_has_permission('verification'))
    or (select public.admin_has_permission('users'))
    or exists (select 1 from public.profiles p where p.company_id = companies.id and p.id = (select auth.uid()))
  );
comment on policy companies_select on public.companies is
  'A business user reads the company linked to their profile (and its verification status); admins with the verification or users permission read all.';

drop policy if exists companies_update on public.companies;
create policy companies_update on public.companies
  for update to authenticated
  using ((select public.admin_has_permission('verification')))
  with check ((select public.admin_has_permission('verification')));
comment on policy companies_update on public.companies is
  'Admins with the verification permission correct company records; decisions go through admin_decide_company. Users cannot mark their own company verified.';

create or replace function public.admin_verification_queue(p_status text default 'pending')
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select public.admin_has_permission('verification')) then
    raise exception 'No admin privileges' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(q order by q.created_at)
    from (
      select c.id, c.company_number, c.company_name, c.company_status, c.company_type,
        c.verification_source, c.verification_status, c.verification_note, c.verified_at,
        c.reviewed_at, c.created_at, c.registered_office_address,
        coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'email', u.email))
          from public.profiles p join auth.users u on u.id = p.id
          where p.company_id = c.id), '[]'::jsonb) as businesses
      from public.companies c
      where c.verification_status = coalesce(nullif(p_status, ''), 'pending')
        and exists (select 1 from public.profiles p where p.company_id = c.id)
    ) q
  ), '[]'::jsonb);
end;
$$;
comment on function public.admin_verification_queue(text) is
  'Verification area: companies linked to a business with the given status (pending by default), oldest first, with the business users to tell.';

create or replace function public.admin_decide_company(p_company uuid, p_approve boolean, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.admin_require('verification');
  v_before jsonb;
  v_after jsonb;
  v_reason text := nullif(left(trim(coalesce(p_reason, '')), 2000), '');
  v_user record;
begin
  if p_approve is null then
    raise exception 'Choose approve or reject.' using errcode = '22023';
  end if;
  if not p_approve and (v_reason is null or char_length(v_reason) < 3) then
    raise exception 'Please give the business a reason (at least 3 characters).' using errcode = '22023';
  end if;
  select jsonb_build_object('verification_status', c.verification_status, 'verified_at', c.verified_at,
    'verification_note', c.verification_note)
  into v_before from public.companies c where c.id = p_company;
  if v_before is null then
    raise exception 'Company not found' using errcode = 'P0002';
  end if;
  update public.companies c
  set verification_status = case when p_approve then 'verified' else 'rejected' end,
    verified_at = case when p_approve then coalesce(c.verified_at, now()) else null end,
    verification_note = v_reason,
    reviewed_at = now(),
    reviewed_by = v_actor
  where c.id = p_company
  returning jsonb_build_object('verification_status', c.verification_status, 'verified_at', c.verified_at,
    'verification_note', c.verification_note, 'company_name', c.company_name)
  into v_after;
  perform public.write_admin_audit(case when p_approve then 'approve_company' else 'reject_company' end,
    'company', p_company::text, v_before, v_after - 'company_name', v_reason);
  for v_user in
    select u.email, p.name from public.profiles p join auth.users u on u.id = p.id
    where p.company_id = p_company and u.email is not null
  loop
    perform public.queue_admin_email(
      v_user.email,
      case when p_approve then 'Your company is verified on ProMatch'
        else 'Your company verification on ProMatch' end,
      case when p_approve then
        format(E'Hello %s,\n\nWe have verified %s. Your business account now shows as Verified.%s\n\nThe ProMatch team',
          v_user.name, v_after ->> 'company_name', coalesce(E'\n\nNote from our team: ' || v_reason, ''))
      else
        format(E'Hello %s,\n\nWe could not verify %s.\n\nReason: %s\n\nYou can see this on your dashboard. Reply to this e-mail or use the contact page if you think this is a mistake.\n\nThe ProMatch team',
          v_user.name, v_after ->> 'company_name', v_reason)
      end);
  end loop;
end;
$$;
comment on function public.admin_decide_company(uuid, boolean, text) is
  'Verification area: approves or rejects a company (a reason is required to reject); the business sees the status and reason on its dashboard and by e-mail. Audited.';

-- inbox --------------------------------------------------------------------------------------

alter table public.contact_messages drop constraint if exists contact_messages_status_check;
update public.contact_messages set status = 'in_progress' where status = 'read';
update public.contact_messages set status = 'answered' where status = 'replied';
alter table public.contact_messages add constraint contact_messages_status_check
  check (status in ('new', 'in_progress', 'answered', 'archived'));
alter table public.contact_messages add column if not exists assigned_to uuid references public.profiles (id) on delete set null;
alter table public.contact_messages add column if not exists answered_at timestamptz;

alter table public.leads add column if not exists status text not null default 'new';
alter table public.leads add column if not exists assigned_to uuid references public.profiles (id) on delete set null;
alter table public.leads add column if not exists answered_at timestamptz;
alter table public.leads add column if not exists updated_at timestamptz not null default now();
alter table public.newsletter_subscribers add column if not exists status text not null default 'new';
alter table public.newsletter_subscribers add column if not exists assigned_to uuid references public.profiles (id) on delete set null;
alter table public.newsletter_subscribers add column if not exists answered_at timestamptz;
alter table public.newsletter_subscribers add column if not exists updated_at timestamptz not null default now();
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'leads_status_check') then
    alter table public.leads add constraint leads_status_check
      check (status in ('new', 'in_progress', 'answered', 'archived'));
  end if;
  if not exists (select 1 from pg_constraint where conname = 'newsletter_subscribers_status_check') then
    alter table public.newsletter_subscribers add constraint newsletter_subscribers_status_check
      check (status in ('new', 'in_progress', 'answered', 'archived'));
  end if;
end;
$$;

drop trigger if exists leads_set_updated_at on public.leads;
create trigger leads_set_updated_at
  before update on public.leads
  for each row execute function public.set_updated_at();
drop trigger if exists newsletter_subscribers_set_updated_at on public.newsletter_subscribers;
create trigger newsletter_subscribers_set_updated_at
  before update on public.newsletter_subscribers
  for each row execute function public.set_updated_at();

create or replace function public.guard_inbox_assignment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.assigned_to is not null and new.assigned_to is distinct from old.assigned_to
     and not exists (select 1 from public.admin_users a where a.user_id = new.assigned_to and a.is_active) then
    raise exception 'Items can be assigned only to active staff.' using errcode = '23514';
  end if;
  return new;
end;
$$;
comment on function public.guard_inbox_assignment() is 'Trigger: inbox items are assigned only to active staff.';

drop trigger if exists contact_messages_guard_assignment on public.contact_messages;
create trigger contact_messages_guard_assignment
  before update on public.contact_messages
  for each row execute function public.guard_inbox_assignment();
drop trigger if exists leads_guard_assignment on public.leads;
create trigger leads_guard_assignment
  before update on public.leads
  for each row execute function public.guard_inbox_assignment();
drop trigger if exists newsletter_subscribers_guard_assignment on public.newsletter_subscribers;
create trigger newsletter_subscribers_guard_assignment
  before update on public.newsletter_subscribers
  for each row execute function public.guard_inbox_assignment();

-- the inbox permission replaces "any admin" on all three tables.
drop policy if exists newsletter_subscribers_select on public.newsletter_subscribers;
create policy newsletter_subscribers_select on public.newsletter_subscribers
  for select to authenticated using ((select public.admin_has_permission('inbox')));
comment on policy newsletter_subscribers_select on public.newsletter_subscribers is
  'Only admins with the inbox permission read the list. Inserts come from the newsletter-signup function (service role), so nobody can probe who subscribed.';
drop policy if exists newsletter_subscribers_update on public.newsletter_subscribers;
create policy newsletter_subscribers_update on public.newsletter_subscribers
  for update to authenticated
  using ((select public.admin_has_permission('inbox'))) with check ((select public.admin_has_permission('inbox')));
comment on policy newsletter_subscribers_update on public.newsletter_subscribers is 'Inbox admins triage (status, assignment).';
drop policy if exists newsletter_subscribers_delete on public.newsletter_subscribers;
create policy newsletter_subscribers_delete on public.newsletter_subscribers
  for delete to authenticated using ((select public.admin_has_permission('inbox')));
comment on policy newsletter_subscribers_delete on public.newsletter_subscribers is 'Inbox admins erase a subscriber on request (gdpr).';

drop policy if exists leads_select on public.leads;
create policy leads_select on public.leads
  for select to authenticated using ((select public.admin_has_permission('inbox')));
comment on policy leads_select on public.leads is 'Only inbox admins read leads.';
drop policy if exists leads_update on public.leads;
create policy leads_update on public.leads
  for update to authenticated
  using ((select public.admin_has_permission('inbox'))) with check ((select public.admin_has_permission('inbox')));
comment on policy leads_update on public.leads is 'Inbox admins triage (status, assignment).';
drop policy if exists leads_delete on public.leads;
create policy leads_delete on public.leads
  for delete to authenticated using ((select public.admin_has_permission('inbox')));
comment on policy leads_delete on public.leads is 'Inbox admins erase leads on request or after expiry.';

drop policy if exists contact_messages_select on public.contact_messages;
create policy contact_messages_select on public.contact_messages
  for select to authenticated using ((select public.admin_has_permission('inbox')));
comment on policy contact_messages_select on public.contact_messages is 'Only inbox admins read contact messages.';
drop policy if exists contact_messages_update on public.contact_messages;
create policy contact_messages_update on public.contact_messages
  for update to authenticated
  using ((select public.admin_has_permission('inbox'))) with check ((select public.admin_has_permission('inbox')));
comment on policy contact_messages_update on public.contact_messages is 'Inbox admins triage (status, assignment).';
drop policy if exists contact_messages_delete on public.contact_messages;
create policy contact_messages_delete on public.contact_messages
  for delete to authenticated using ((select public.admin_has_permission('inbox')));
comment on policy contact_messages_delete on public.contact_messages is 'Inbox admins delete contact messages (retention).';

-- triage only: an inbox admin moves the status and assignment, never the address itself.
grant update (status, assigned_to, answered_at) on table public.leads, public.newsletter_subscribers to authenticated;

create or replace function public.admin_reply_by_email(p_kind text, p_id uuid, p_subject text, p_body text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.admin_require('inbox');
  v_to text;
  v_before text;
  v_subject text := nullif(trim(coalesce(p_subject, '')), '');
  v_body text := nullif(trim(coalesce(p_body, '')), '');
begin
  if v_subject is null or char_length(v_subject) > 200 then
    raise exception 'Please enter a subject (at most 200 characters).' using errcode = '22023';
  end if;
  if v_body is null or char_length(v_body) > 10000 then
    raise exception 'Please enter a message (at most 10,000 characters).' using errcode = '22023';
  end if;
  if p_kind = 'contact_message' then
    select m.email, m.status into v_to, v_before from public.contact_messages m where m.id = p_id;
    update public.contact_messages set status = 'answered', answered_at = now(),
      assigned_to = coalesce(assigned_to, v_actor) where id = p_id;
  elsif p_kind = 'lead' then
    select l.email, l.status into v_to, v_before from public.leads l where l.id = p_id;
    update public.leads set status = 'answered', answered_at = now(),
      assigned_to = coalesce(assigned_to, v_actor) where id = p_id;
  elsif p_kind = 'newsletter_subscriber' then
    select n.email, n.status into v_to, v_before from public.newsletter_subscribers n where n.id = p_id;
    update public.newsletter_subscribers set status = 'answered', answered_at = now(),
      assigned_to = coalesce(assigned_to, v_actor) where id = p_id;
  else
    raise exception 'Unknown inbox item type' using errcode = '22023';
  end if;
  if v_to is null then
    raise exception 'Inbox item not found' using errcode = 'P0002';
  end if;
  perform public.queue_admin_email(v_to, v_subject, v_body);
  perform public.write_admin_audit('reply_by_email', p_kind, p_id::text,
    jsonb_build_object('status', v_before),
    jsonb_build_object('status', 'answered', 'to', v_to, 'subject', v_subject, 'body', v_body), null);
end;
$$;
comment on function public.admin_reply_by_email(text, uuid, text, text) is
  'Inbox area: e-mails a reply to a contact message, lead or subscriber (through the outbox or SMTP), marks it answered and assigns it to the replier if unassigned. Audited with the text sent.';

do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and p.proname in ('companies_sync_verification', 'guard_inbox_assignment')
  loop
    execute format('revoke all on function %s from public, anon, authenticated', f);
  end loop;
  for f in
    select p.oid::regprocedure from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and p.proname in ('admin_verification_queue', 'admin_decide_company', 'admin_reply_by_email')
  loop
    execute format('revoke all on function %s from public, anon', f);
    execute format('grant execute on function %s to authenticated, service_role', f);
  end loop;
end;
$$;
