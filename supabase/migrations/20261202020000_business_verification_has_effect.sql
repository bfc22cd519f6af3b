-- business verification has an effect (decision 0167). A business account needs a verified UK
-- company registration. Until its own company record (companies.owner_id, decision 0150) is
-- verified, by the register at sign-up or by staff in the verification area, a business may
-- complete its profile, browse, save favourites and keep projects as drafts, but it may not
-- publish a project, open a conversation, write first to a professional or request a call. It
-- may answer a professional who wrote to it first. The database refuses, so the REST API does
-- too, with words that say what to do next. Every signed-in user can read any business's
-- verification (company name, number, status, date) through business_verifications(), which
-- returns nothing else.

create or replace function public.business_verification_state(p_user uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p.account_type is distinct from 'business' then 'not_business'
    when c.id is null then 'missing'
    else c.verification_status
  end
  from public.profiles p
  left join public.companies c on c.id = p.company_id and c.owner_id = p.id
  where p.id = p_user;
$$;
comment on function public.business_verification_state(uuid) is
  'Internal: not_business, missing (no company record), pending, verified or rejected: the state of the company a business account owns and is linked to. Null for an unknown user.';
revoke all on function public.business_verification_state(uuid) from public, anon, authenticated;
grant execute on function public.business_verification_state(uuid) to service_role;

create or replace function public.assert_business_may(p_user uuid, p_action text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_state text := public.business_verification_state(p_user);
begin
  if v_state is null or v_state in ('not_business', 'verified') then
    return;
  end if;
  raise exception '%', case v_state
    when 'missing' then format(
      'Your business is not verified yet, so you cannot %s. Add your UK company registration on your dashboard to be verified.', p_action)
    when 'pending' then format(
      'Your company verification is pending, so you cannot %s yet. We check companies entered by hand within 1-2 business days.', p_action)
    else format(
      'Your company verification was not approved, so you cannot %s. Your dashboard says why and what to do next.', p_action)
    end
    using errcode = '42501', hint = 'business_not_verified';
end;
$$;
comment on function public.assert_business_may(uuid, text) is
  'Internal: raises 42501 (hint business_not_verified) with what to do next when p_user is a business whose company is not verified; returns for professionals and verified businesses.';
revoke all on function public.assert_business_may(uuid, text) from public, anon, authenticated;
grant execute on function public.assert_business_may(uuid, text) to service_role;

-- projects: publishing (open) needs a verified business; drafts do not ------------------------

create or replace function public.projects_require_verified_business()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- the owner publishing, by insert or update; staff and the server's own jobs are not held here.
  if (select auth.uid()) is distinct from new.owner_id or new.status = 'draft' then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.status = new.status then
    return new;
  end if;
  if new.status = 'open' or tg_op = 'INSERT' then
    perform public.assert_business_may(new.owner_id, 'publish projects');
  end if;
  return new;
end;
$$;
comment on function public.projects_require_verified_business() is
  'Trigger: a business publishing a project (status open, or any status but draft on insert) must have a verified company.';
revoke all on function public.projects_require_verified_business() from public, anon, authenticated;
grant execute on function public.projects_require_verified_business() to service_role;

drop trigger if exists projects_require_verified_business on public.projects;
create trigger projects_require_verified_business
  before insert or update of status on public.projects
  for each row execute function public.projects_require_verified_business();

-- conversations: an unverified business does not open one -------------------------------------

create or replace function public.conversations_require_verified_business()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
begin
  if v_uid is null or v_uid not in (new.participant_1, new.participant_2) then
    return new;
  end if;
  -- send_message and propose_appointment insert "on conflict do nothing": a pair that already
  -- talks (the professional opened it) is not a new conversation.
  if exists (
    select 1 from public.conversations c
    where least(c.participant_1, c.participant_2) = least(new.participant_1, new.participant_2)
      and greatest(c.participant_1, c.participant_2) = greatest(new.participant_1, new.participant_2)
  ) then
    return new;
  end if;
  perform public.assert_business_may(v_uid, 'contact professionals');
  return new;
end;
$$;
comment on function public.conversations_require_verified_business() is
  'Trigger: a business opening a new conversation (directly, by send_message or by propose_appointment) must have a verified company.';
revoke all on function public.conversations_require_verified_business() from public, anon, authenticated;
grant execute on function public.conversations_require_verified_business() to service_role;

drop trigger if exists conversations_require_verified_business on public.conversations;
create trigger conversations_require_verified_business
  before insert on public.conversations
  for each row execute function public.conversations_require_verified_business();

-- messages: an unverified business only answers a professional who wrote first ----------------

create or replace function public.messages_require_verified_business()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null or new.sender_id is distinct from (select auth.uid())
     or public.account_type_of(new.sender_id) is distinct from 'business' then
    return new;
  end if;
  if exists (
    select 1 from public.messages m
    where m.conversation_id = new.conversation_id and m.sender_id <> new.sender_id
  ) then
    return new;
  end if;
  perform public.assert_business_may(new.sender_id, 'write to a professional before they write to you');
  return new;
end;
$$;
comment on function public.messages_require_verified_business() is
  'Trigger: a business whose company is not verified may only answer in a conversation where the other person has written.';
revoke all on function public.messages_require_verified_business() from public, anon, authenticated;
grant execute on function public.messages_require_verified_business() to service_role;

drop trigger if exists messages_require_verified_business on public.messages;
create trigger messages_require_verified_business
  before insert on public.messages
  for each row execute function public.messages_require_verified_business();

-- appointments: an unverified business does not request a call ---------------------------------

create or replace function public.appointments_require_verified_business()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- a signed-in business proposing (propose_appointment); the server's own writes are not held.
  if (select auth.uid()) is not null and new.proposed_by = new.business_id then
    perform public.assert_business_may(new.business_id, 'request calls');
  end if;
  return new;
end;
$$;
comment on function public.appointments_require_verified_business() is
  'Trigger: a call a business proposes needs a verified company; a business may still answer a professional''s proposal.';
revoke all on function public.appointments_require_verified_business() from public, anon, authenticated;
grant execute on function public.appointments_require_verified_business() to service_role;

drop trigger if exists appointments_require_verified_business on public.appointments;
create trigger appointments_require_verified_business
  before insert on public.appointments
  for each row execute function public.appointments_require_verified_business();

-- what every signed-in user may read about a business's verification -----------------------------

create or replace function public.business_verifications(p_business_ids uuid[])
returns table (
  business_id uuid,
  company_name text,
  company_number text,
  verification_status text,
  verified_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to see who a business is.' using errcode = '42501';
  end if;
  if p_business_ids is null or cardinality(p_business_ids) > 200 then
    raise exception 'Ask about 1 to 200 businesses at a time.' using errcode = '22023';
  end if;
  return query
    select p.id,
      c.company_name,
      c.company_number,
      case when c.id is null then 'missing' else c.verification_status end,
      case when c.verification_status = 'verified' then c.verified_at end
    from public.profiles p
    left join public.companies c on c.id = p.company_id and c.owner_id = p.id
    where p.id = any (p_business_ids) and p.account_type = 'business';
end;
$$;
comment on function public.business_verifications(uuid[]) is
  'For any signed-in user: each named business''s company name and number as the business gave them, its verification status (verified, pending, rejected, missing) and when it was verified. Nothing else of the company record (no address, notes, reviewers, owners) and nothing for other accounts; at most 200 ids.';
revoke all on function public.business_verifications(uuid[]) from public, anon;
grant execute on function public.business_verifications(uuid[]) to authenticated, service_role;

-- the demo's businesses: each gets a company record approved as staff would, so the demo can
-- post projects and message. Real businesses never get this: only the seed writes demo rows.
insert into public.companies (owner_id, company_number, company_name, company_status, company_type,
  verification_source, verification_status, verified_at, verification_note, reviewed_at)
select p.id,
  'DM' || lpad((row_number() over (order by p.created_at, p.id))::text, 6, '0'),
  left(coalesce(nullif(trim(p.company), ''), p.name), 300),
  'active', 'manual_entry', 'manual_entry', 'verified', now(),
  'Demo data: approved so the demo can be tried.', now()
from public.profiles p
join auth.users u on u.id = p.id
where p.account_type = 'business' and p.company_id is null
  and coalesce((u.raw_app_meta_data ->> 'demo')::boolean, false)
on conflict (owner_id, company_number) do nothing;
update public.profiles p set company_id = c.id
from public.companies c
where c.owner_id = p.id and p.company_id is null and p.account_type = 'business'
  and c.company_number like 'DM%';
