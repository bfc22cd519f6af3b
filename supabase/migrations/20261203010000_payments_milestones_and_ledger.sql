-- Payments, first slice (docs/payments.md, docs/decisions/0179-stripe-connect-separate-charges-and-transfers.md):
-- a business funds a milestone of a hire by card; the platform holds the charge until the
-- business approves the delivered work; approval transfers the price less the platform fee
-- (the professional's plan commission_rate, frozen when the proposal was accepted) to the
-- professional's connected account.
--   * payout_accounts   one connected account per professional, status pending/restricted/enabled
--   * milestones        what a hire is paid in; its state machine runs only through the
--                       security-definer functions below (no table writes for the api roles)
--   * ledger_entries    every movement of money, append-only for everyone (the service role too)
--   * payment_events    provider webhook events already processed: each one changes things once
-- Only the two parties see a milestone and its ledger rows; staff with the `payments` area see all.

-- ---------------------------------------------------------------------------------------------
-- payout accounts

create table if not exists public.payout_accounts (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  provider_account_id text not null unique check (provider_account_id ~ '^acct_[A-Za-z0-9_]{1,120}$'),
  status text not null default 'pending' check (status in ('pending', 'restricted', 'enabled')),
  -- the provider's `created` (unix seconds) of the event that set the status: older events lose
  status_event_created bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.payout_accounts is
  'A professional''s connected payout account at the payment provider and its onboarding status: pending (not started or unfinished), restricted (details given, provider needs more), enabled (can be paid). Written only by the server (service role) from the provider''s answers and webhooks.';
alter table public.payout_accounts enable row level security;
revoke all on table public.payout_accounts from public, anon, authenticated;
grant select on table public.payout_accounts to authenticated;
grant all on table public.payout_accounts to service_role;
drop policy if exists payout_accounts_select on public.payout_accounts;
create policy payout_accounts_select on public.payout_accounts
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.admin_has_permission('payments')));
drop policy if exists "mfa: aal2 for enrolled users" on public.payout_accounts;
create policy "mfa: aal2 for enrolled users" on public.payout_accounts
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));
drop trigger if exists payout_accounts_set_updated_at on public.payout_accounts;
create trigger payout_accounts_set_updated_at before update on public.payout_accounts
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- milestones

create table if not exists public.milestones (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  business_id uuid not null references public.profiles (id) on delete cascade,
  professional_id uuid not null references public.profiles (id) on delete cascade,
  amount_pence integer not null check (amount_pence between 0 and 100000000),
  description text not null check (char_length(description) between 1 and 500),
  due_date date,
  -- percent, copied from the professional's plan when the proposal was accepted
  fee_rate numeric(5, 2) not null check (fee_rate between 0 and 100),
  status text not null default 'draft' check (status in (
    'draft', 'funded', 'delivered', 'approved', 'released', 'cancelled', 'refund_pending',
    'refunded', 'disputed')),
  -- the status a dispute froze, so a resolution knows where the milestone stood
  disputed_from text check (disputed_from in ('funded', 'delivered', 'approved')),
  dispute_reason text check (char_length(dispute_reason) <= 2000),
  -- the party who asked to cancel a funded milestone and refund the business; the other agreeing
  -- moves it to refund_pending
  refund_requested_by uuid,
  -- how many times the status changed: each transition adds one, exactly once
  transitions integer not null default 0,
  checkout_session_id text unique,
  payment_intent_id text unique,
  transfer_id text unique,
  refund_id text unique,
  funded_at timestamptz,
  delivered_at timestamptz,
  approved_at timestamptz,
  released_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists milestones_project_idx on public.milestones (project_id, created_at);
create index if not exists milestones_business_idx on public.milestones (business_id);
create index if not exists milestones_professional_idx on public.milestones (professional_id);
comment on table public.milestones is
  'What a hire is paid in: amount in pence, description, due date, and the platform fee rate frozen at hire. draft -> funded (card payment held) -> delivered -> approved -> released (transferred less the fee); a draft can be cancelled; a dispute freezes it; refund_pending -> refunded. Changed only by the milestone functions.';
alter table public.milestones enable row level security;
revoke all on table public.milestones from public, anon, authenticated;
grant select on table public.milestones to authenticated;
grant all on table public.milestones to service_role;
drop policy if exists milestones_select on public.milestones;
create policy milestones_select on public.milestones
  for select to authenticated
  using (business_id = (select auth.uid()) or professional_id = (select auth.uid())
    or (select public.admin_has_permission('payments')));
drop policy if exists "mfa: aal2 for enrolled users" on public.milestones;
create policy "mfa: aal2 for enrolled users" on public.milestones
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));
drop trigger if exists milestones_set_updated_at on public.milestones;
create trigger milestones_set_updated_at before update on public.milestones
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- the ledger

create table if not exists public.ledger_entries (
  id bigint generated by default as identity primary key,
  kind text not null check (kind in ('charge', 'fee', 'transfer', 'refund', 'payout')),
  amount_pence integer not null check (amount_pence >= 0),
  currency text not null default 'gbp' check (currency = 'gbp'),
  -- no foreign keys: a money record outlives the accounts and projects it names
  milestone_id uuid,
  business_id uuid,
  professional_id uuid,
  provider_id text not null check (char_length(provider_id) between 1 and 255),
  provider_event_id text,
  created_at timestamptz not null default now(),
  constraint ledger_entries_once unique (kind, provider_id)
);
create index if not exists ledger_entries_milestone_idx on public.ledger_entries (milestone_id);
create index if not exists ledger_entries_professional_idx on public.ledger_entries (professional_id, created_at desc);
create index if not exists ledger_entries_business_idx on public.ledger_entries (business_id, created_at desc);
comment on table public.ledger_entries is
  'Every movement of money, one append-only row each: charge (the business paid), fee (the platform kept), transfer (sent to the professional''s account), refund (back to the business), payout (the provider paid the professional''s bank). provider_id is the provider''s object id; each (kind, provider_id) is recorded once. Nobody updates or deletes a row.';
alter table public.ledger_entries enable row level security;
revoke all on table public.ledger_entries from public, anon, authenticated;
grant select on table public.ledger_entries to authenticated;
grant select, insert on table public.ledger_entries to service_role;
drop policy if exists ledger_entries_select on public.ledger_entries;
create policy ledger_entries_select on public.ledger_entries
  for select to authenticated
  using (business_id = (select auth.uid()) or professional_id = (select auth.uid())
    or (select public.admin_has_permission('payments')));
drop policy if exists "mfa: aal2 for enrolled users" on public.ledger_entries;
create policy "mfa: aal2 for enrolled users" on public.ledger_entries
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

create or replace function public.ledger_entries_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The ledger is append-only: a recorded movement of money is never changed or removed.'
    using errcode = '42501';
end;
$$;
revoke all on function public.ledger_entries_append_only() from public, anon, authenticated;
comment on function public.ledger_entries_append_only() is
  'Trigger: refuses every UPDATE, DELETE and TRUNCATE of ledger_entries, whoever asks.';
drop trigger if exists ledger_entries_append_only on public.ledger_entries;
create trigger ledger_entries_append_only before update or delete on public.ledger_entries
  for each row execute function public.ledger_entries_append_only();
drop trigger if exists ledger_entries_no_truncate on public.ledger_entries;
create trigger ledger_entries_no_truncate before truncate on public.ledger_entries
  for each statement execute function public.ledger_entries_append_only();

-- ---------------------------------------------------------------------------------------------
-- processed provider events

create table if not exists public.payment_events (
  id text primary key check (char_length(id) between 1 and 255),
  type text not null check (char_length(type) between 1 and 100),
  provider_created bigint not null,
  outcome text not null check (char_length(outcome) between 1 and 100),
  processed_at timestamptz not null default now()
);
comment on table public.payment_events is
  'Webhook events from the payment provider already processed, by event id, with what processing did (applied, no_change, ignored, ...). A replayed event finds its row and changes nothing.';
alter table public.payment_events enable row level security;
revoke all on table public.payment_events from public, anon, authenticated;
grant select on table public.payment_events to authenticated;
grant all on table public.payment_events to service_role;
drop policy if exists payment_events_select on public.payment_events;
create policy payment_events_select on public.payment_events
  for select to authenticated using ((select public.admin_has_permission('payments')));
drop policy if exists "mfa: aal2 for enrolled users" on public.payment_events;
create policy "mfa: aal2 for enrolled users" on public.payment_events
  as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- ---------------------------------------------------------------------------------------------
-- helpers

create or replace function public.milestone_fee_pence(p_amount_pence integer, p_fee_rate numeric)
returns integer
language sql
immutable
set search_path = ''
as $$
  select round(p_amount_pence * p_fee_rate / 100)::integer;
$$;
revoke all on function public.milestone_fee_pence(integer, numeric) from public, anon, authenticated;
grant execute on function public.milestone_fee_pence(integer, numeric) to authenticated, service_role;
comment on function public.milestone_fee_pence(integer, numeric) is
  'The platform fee on an amount in pence at a percent rate, rounded half away from zero to a whole penny.';

-- The milestone the caller may act on as `p_role` ('business' or 'professional'), locked.
create or replace function public.milestone_for_party(p_milestone uuid, p_role text)
returns public.milestones
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.milestones;
begin
  select * into v_row from public.milestones m where m.id = p_milestone for update;
  if not found
     or (p_role = 'business' and v_row.business_id is distinct from (select auth.uid()))
     or (p_role = 'professional' and v_row.professional_id is distinct from (select auth.uid()))
     or (p_role = 'party' and (select auth.uid()) not in (v_row.business_id, v_row.professional_id)) then
    raise exception 'No such milestone on a hire of yours.' using errcode = 'P0002';
  end if;
  return v_row;
end;
$$;
revoke all on function public.milestone_for_party(uuid, text) from public, anon, authenticated;
grant execute on function public.milestone_for_party(uuid, text) to service_role;
comment on function public.milestone_for_party(uuid, text) is
  'Internal: the milestone locked for update when the caller is its business, its professional or either party (p_role business, professional, party); otherwise P0002 as if it did not exist.';

-- ---------------------------------------------------------------------------------------------
-- hiring creates the first milestone with the fee rate of that moment

create or replace function public.milestones_on_hire()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_rate integer;
  v_fee numeric;
begin
  if new.hired_professional_id is null or old.hired_professional_id is not distinct from new.hired_professional_id then
    return null;
  end if;
  select a.proposed_rate into v_rate from public.project_applications a
    where a.project_id = new.id and a.professional_id = new.hired_professional_id;
  select coalesce((public.plan_of(new.hired_professional_id)).commission_rate, 0) into v_fee;
  insert into public.milestones (project_id, business_id, professional_id, amount_pence,
                                 description, due_date, fee_rate)
  values (new.id, new.owner_id, new.hired_professional_id, coalesce(v_rate, 0) * 100,
          left(case new.budget_type
                 when 'day' then new.title || ': one day at the agreed day rate'
                 when 'hour' then new.title || ': one hour at the agreed hourly rate'
                 else new.title end, 500),
          new.deadline, v_fee);
  return null;
end;
$$;
revoke all on function public.milestones_on_hire() from public, anon, authenticated;
comment on function public.milestones_on_hire() is
  'Trigger: when a project hires (a proposal accepted), its first draft milestone is the agreed price (the proposal''s rate in pence: the whole price for a fixed budget, one day or hour otherwise) at the professional''s plan fee rate at that moment.';
drop trigger if exists projects_milestones_on_hire on public.projects;
create trigger projects_milestones_on_hire after update of hired_professional_id on public.projects
  for each row execute function public.milestones_on_hire();

-- ---------------------------------------------------------------------------------------------
-- what the parties do (signed in, through /rest/v1/rpc)

create or replace function public.add_milestone(
  p_project uuid, p_amount_pence integer, p_description text, p_due_date date default null)
returns public.milestones
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_project public.projects;
  v_fee numeric;
  v_row public.milestones;
begin
  select * into v_project from public.projects p where p.id = p_project;
  if not found or v_project.owner_id is distinct from (select auth.uid()) then
    raise exception 'No such project of yours.' using errcode = 'P0002';
  end if;
  if v_project.hired_professional_id is null then
    raise exception 'Milestones belong to a hire: accept a proposal first.' using errcode = '22023';
  end if;
  if p_amount_pence is null or p_amount_pence < 100 or p_amount_pence > 100000000 then
    raise exception 'A milestone is between £1 and £1,000,000 (amount in pence).' using errcode = '22023';
  end if;
  if char_length(coalesce(trim(p_description), '')) not between 1 and 500 then
    raise exception 'Describe the milestone in 1 to 500 characters.' using errcode = '22023';
  end if;
  -- the rate frozen at hire (on the hire's first milestone); the current plan's for hires made
  -- before payments existed
  select m.fee_rate into v_fee from public.milestones m
    where m.project_id = p_project and m.professional_id = v_project.hired_professional_id
    order by m.created_at limit 1;
  if v_fee is null then
    select coalesce((public.plan_of(v_project.hired_professional_id)).commission_rate, 0) into v_fee;
  end if;
  insert into public.milestones (project_id, business_id, professional_id, amount_pence,
                                 description, due_date, fee_rate)
  values (p_project, v_project.owner_id, v_project.hired_professional_id, p_amount_pence,
          trim(p_description), p_due_date, v_fee)
  returning * into v_row;
  return v_row;
end;
$$;
revoke all on function public.add_milestone(uuid, integer, text, date) from public, anon, authenticated;
grant execute on function public.add_milestone(uuid, integer, text, date) to authenticated, service_role;
comment on function public.add_milestone(uuid, integer, text, date) is
  'The business of a hired project adds a draft milestone (amount in pence, £1 to £1,000,000) at the fee rate frozen at hire.';

create or replace function public.cancel_milestone(p_milestone uuid)
returns public.milestones
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.milestones := public.milestone_for_party(p_milestone, 'business');
begin
  if v_row.status <> 'draft' then
    raise exception 'Only an unfunded milestone can be cancelled; this one is %.', v_row.status
      using errcode = '22023';
  end if;
  update public.milestones set status = 'cancelled', transitions = transitions + 1
    where id = p_milestone returning * into v_row;
  return v_row;
end;
$$;
revoke all on function public.cancel_milestone(uuid) from public, anon, authenticated;
grant execute on function public.cancel_milestone(uuid) to authenticated, service_role;
comment on function public.cancel_milestone(uuid) is 'The business cancels an unfunded (draft) milestone.';

create or replace function public.mark_milestone_delivered(p_milestone uuid)
returns public.milestones
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.milestones := public.milestone_for_party(p_milestone, 'professional');
begin
  if v_row.status <> 'funded' then
    raise exception 'Only a funded milestone can be marked delivered; this one is %.', v_row.status
      using errcode = '22023';
  end if;
  update public.milestones
     set status = 'delivered', delivered_at = now(), transitions = transitions + 1
   where id = p_milestone returning * into v_row;
  return v_row;
end;
$$;
revoke all on function public.mark_milestone_delivered(uuid) from public, anon, authenticated;
grant execute on function public.mark_milestone_delivered(uuid) to authenticated, service_role;
comment on function public.mark_milestone_delivered(uuid) is 'The professional says the work of a funded milestone is delivered.';

create or replace function public.approve_milestone(p_milestone uuid)
returns public.milestones
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.milestones := public.milestone_for_party(p_milestone, 'business');
begin
  if v_row.status = 'approved' then
    return v_row; -- approving again retries the release
  end if;
  if v_row.status <> 'delivered' then
    raise exception 'Only delivered work can be approved; this milestone is %.', v_row.status
      using errcode = '22023';
  end if;
  update public.milestones
     set status = 'approved', approved_at = now(), transitions = transitions + 1
   where id = p_milestone returning * into v_row;
  return v_row;
end;
$$;
revoke all on function public.approve_milestone(uuid) from public, anon, authenticated;
grant execute on function public.approve_milestone(uuid) to authenticated, service_role;
comment on function public.approve_milestone(uuid) is
  'The business approves delivered work; the server then transfers the amount less the fee (the payments function''s approve action calls this as the user). Approving an approved milestone returns it unchanged so the release can be retried.';

create or replace function public.open_milestone_dispute(p_milestone uuid, p_reason text)
returns public.milestones
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.milestones := public.milestone_for_party(p_milestone, 'party');
begin
  if v_row.status not in ('funded', 'delivered', 'approved') then
    raise exception 'Only a funded milestone that is not yet paid out can be disputed; this one is %.', v_row.status
      using errcode = '22023';
  end if;
  if char_length(coalesce(trim(p_reason), '')) not between 1 and 2000 then
    raise exception 'Say what is wrong in 1 to 2,000 characters.' using errcode = '22023';
  end if;
  update public.milestones
     set status = 'disputed', disputed_from = v_row.status, dispute_reason = trim(p_reason),
         transitions = transitions + 1
   where id = p_milestone returning * into v_row;
  return v_row;
end;
$$;
revoke all on function public.open_milestone_dispute(uuid, text) from public, anon, authenticated;
grant execute on function public.open_milestone_dispute(uuid, text) to authenticated, service_role;
comment on function public.open_milestone_dispute(uuid, text) is
  'Either party disputes a funded, delivered or approved milestone: it freezes (nothing moves) until staff with the payments area resolve it.';

create or replace function public.agree_to_refund_milestone(p_milestone uuid)
returns public.milestones
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.milestones := public.milestone_for_party(p_milestone, 'party');
  v_me uuid := (select auth.uid());
begin
  if v_row.status = 'refund_pending' then
    return v_row; -- agreed already: asking again retries the refund
  end if;
  if v_row.status not in ('funded', 'delivered') then
    raise exception 'Only a funded milestone that is not yet approved can be cancelled and refunded; this one is %.', v_row.status
      using errcode = '22023';
  end if;
  if v_row.refund_requested_by is null or v_row.refund_requested_by = v_me then
    update public.milestones set refund_requested_by = v_me where id = p_milestone returning * into v_row;
    return v_row;
  end if;
  update public.milestones
     set status = 'refund_pending', transitions = transitions + 1
   where id = p_milestone returning * into v_row;
  return v_row;
end;
$$;
revoke all on function public.agree_to_refund_milestone(uuid) from public, anon, authenticated;
grant execute on function public.agree_to_refund_milestone(uuid) to authenticated, service_role;
comment on function public.agree_to_refund_milestone(uuid) is
  'Either party of a funded (or delivered, not approved) milestone asks to cancel it and refund the business; when the other party agrees too it becomes refund_pending and the payments function refunds the card payment.';

-- ---------------------------------------------------------------------------------------------
-- what only the server does (service role, after the provider answered)

create or replace function public.milestone_checkout_terms(p_milestone uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.milestones := public.milestone_for_party(p_milestone, 'business');
  v_account public.payout_accounts;
begin
  if v_row.status <> 'draft' then
    raise exception 'This milestone is % and cannot be funded again.', v_row.status using errcode = '22023';
  end if;
  if v_row.amount_pence < 100 then
    raise exception 'Set an amount of at least £1 before funding this milestone.' using errcode = '22023';
  end if;
  select * into v_account from public.payout_accounts a where a.user_id = v_row.professional_id;
  if not found or v_account.status <> 'enabled' then
    raise exception 'The professional has not finished setting up payouts, so this milestone cannot be funded yet. They can finish it from their ProMatch dashboard.'
      using errcode = '55000';
  end if;
  return jsonb_build_object('id', v_row.id, 'amount_pence', v_row.amount_pence,
    'description', v_row.description, 'project_id', v_row.project_id,
    'destination', v_account.provider_account_id);
end;
$$;
revoke all on function public.milestone_checkout_terms(uuid) from public, anon, authenticated;
grant execute on function public.milestone_checkout_terms(uuid) to authenticated, service_role;
comment on function public.milestone_checkout_terms(uuid) is
  'For the business of a draft milestone: what its checkout charges (amount, description) once the professional''s payouts are enabled; otherwise a clear refusal (55000). Read-only for the caller; the payments function calls it as the user before creating a checkout session.';

create or replace function public.payments_save_account(p_user uuid, p_account text)
returns public.payout_accounts
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.payout_accounts;
begin
  insert into public.payout_accounts (user_id, provider_account_id) values (p_user, p_account)
  on conflict (user_id) do nothing;
  select * into v_row from public.payout_accounts a where a.user_id = p_user;
  return v_row;
end;
$$;
revoke all on function public.payments_save_account(uuid, text) from public, anon, authenticated;
grant execute on function public.payments_save_account(uuid, text) to service_role;
comment on function public.payments_save_account(uuid, text) is
  'Server only: records the connected account the provider created for a professional (the first one stays).';

create or replace function public.payments_record_checkout(p_milestone uuid, p_session text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.milestones set checkout_session_id = p_session
   where id = p_milestone and status = 'draft';
$$;
revoke all on function public.payments_record_checkout(uuid, text) from public, anon, authenticated;
grant execute on function public.payments_record_checkout(uuid, text) to service_role;
comment on function public.payments_record_checkout(uuid, text) is
  'Server only: the checkout session opened for a draft milestone; only that session''s completion funds it.';

-- approved -> released with the transfer and the fee in the ledger, once.
create or replace function public.payments_record_release(p_milestone uuid, p_transfer text, p_amount integer, p_event text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.milestones;
  v_fee integer;
begin
  select * into v_row from public.milestones m where m.id = p_milestone for update;
  if not found then return 'ignored'; end if;
  if v_row.status = 'released' then return 'no_change'; end if;
  if v_row.status <> 'approved' then return 'ignored'; end if;
  v_fee := public.milestone_fee_pence(v_row.amount_pence, v_row.fee_rate);
  if p_amount <> v_row.amount_pence - v_fee then return 'amount_mismatch'; end if;
  insert into public.ledger_entries (kind, amount_pence, milestone_id, business_id, professional_id, provider_id, provider_event_id)
  values ('transfer', p_amount, v_row.id, v_row.business_id, v_row.professional_id, p_transfer, p_event),
         ('fee', v_fee, v_row.id, v_row.business_id, v_row.professional_id, p_transfer, p_event)
  on conflict on constraint ledger_entries_once do nothing;
  update public.milestones
     set status = 'released', released_at = now(), transfer_id = p_transfer,
         transitions = transitions + 1
   where id = p_milestone;
  return 'applied';
end;
$$;
revoke all on function public.payments_record_release(uuid, text, integer, text) from public, anon, authenticated;
grant execute on function public.payments_record_release(uuid, text, integer, text) to service_role;
comment on function public.payments_record_release(uuid, text, integer, text) is
  'Server only: an approved milestone''s transfer (amount less the fee) was made; records transfer and fee in the ledger and marks it released, once (the transfer.created webhook and the approve call both land here).';

create or replace function public.payments_record_refund(p_milestone uuid, p_refund text, p_amount integer, p_event text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.milestones;
begin
  select * into v_row from public.milestones m where m.id = p_milestone for update;
  if not found then return 'ignored'; end if;
  if v_row.status = 'refunded' then return 'no_change'; end if;
  if v_row.status <> 'refund_pending' then return 'ignored'; end if;
  insert into public.ledger_entries (kind, amount_pence, milestone_id, business_id, professional_id, provider_id, provider_event_id)
  values ('refund', p_amount, v_row.id, v_row.business_id, v_row.professional_id, p_refund, p_event)
  on conflict on constraint ledger_entries_once do nothing;
  update public.milestones set status = 'refunded', refund_id = p_refund, transitions = transitions + 1
   where id = p_milestone;
  return 'applied';
end;
$$;
revoke all on function public.payments_record_refund(uuid, text, integer, text) from public, anon, authenticated;
grant execute on function public.payments_record_refund(uuid, text, integer, text) to service_role;
comment on function public.payments_record_refund(uuid, text, integer, text) is
  'Server only: a refund of a milestone in refund_pending was made; records it in the ledger and marks the milestone refunded, once.';

create or replace function public.resolve_milestone_dispute(p_milestone uuid, p_outcome text, p_reason text)
returns public.milestones
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.milestones;
begin
  if not (select public.admin_has_permission('payments')) then
    raise exception 'Only staff with the payments area resolve disputes.' using errcode = '42501';
  end if;
  if p_outcome not in ('release', 'refund') then
    raise exception 'Resolve a dispute with release or refund.' using errcode = '22023';
  end if;
  if char_length(coalesce(trim(p_reason), '')) not between 1 and 2000 then
    raise exception 'Give the reason for the decision (1 to 2,000 characters).' using errcode = '22023';
  end if;
  select * into v_row from public.milestones m where m.id = p_milestone for update;
  if not found or v_row.status <> 'disputed' then
    raise exception 'No disputed milestone with that id.' using errcode = 'P0002';
  end if;
  update public.milestones
     set status = case p_outcome when 'release' then 'approved' else 'refund_pending' end,
         approved_at = case p_outcome when 'release' then now() else approved_at end,
         transitions = transitions + 1
   where id = p_milestone returning * into v_row;
  perform public.write_admin_audit('milestone_dispute_' || p_outcome, 'milestone', p_milestone::text,
    jsonb_build_object('status', 'disputed'), jsonb_build_object('status', v_row.status), trim(p_reason));
  return v_row;
end;
$$;
revoke all on function public.resolve_milestone_dispute(uuid, text, text) from public, anon, authenticated;
grant execute on function public.resolve_milestone_dispute(uuid, text, text) to authenticated, service_role;
comment on function public.resolve_milestone_dispute(uuid, text, text) is
  'Staff with the payments area decide a dispute: release (the milestone becomes approved, and the server transfers) or refund (refund_pending, and the server refunds), with a reason in the audit log.';

-- One provider webhook event, applied once. p_event is the verified event object.
create or replace function public.payments_apply_event(p_event jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id text := p_event ->> 'id';
  v_type text := p_event ->> 'type';
  v_created bigint := coalesce((p_event ->> 'created')::bigint, 0);
  v_object jsonb := p_event -> 'data' -> 'object';
  v_outcome text := 'ignored';
  v_row public.milestones;
  v_status text;
  v_user uuid;
begin
  if v_id is null or v_type is null or v_object is null then
    raise exception 'Not a provider event.' using errcode = '22023';
  end if;
  -- the claim: a second delivery of this id (replay, retry, duplicate) stops here
  insert into public.payment_events (id, type, provider_created, outcome)
  values (v_id, v_type, v_created, 'processing')
  on conflict (id) do nothing;
  if not found then
    return 'duplicate';
  end if;

  if v_type = 'checkout.session.completed' then
    select * into v_row from public.milestones m
     where m.id = (case when (v_object -> 'metadata' ->> 'milestone_id') ~* '^[0-9a-f-]{36}$'
                        then (v_object -> 'metadata' ->> 'milestone_id')::uuid end)
       and m.checkout_session_id = v_object ->> 'id'
     for update;
    if not found then
      v_outcome := 'ignored';
    elsif v_row.status <> 'draft' then
      v_outcome := 'no_change';
    elsif v_object ->> 'payment_status' <> 'paid'
       or (v_object ->> 'amount_total')::integer <> v_row.amount_pence
       or lower(v_object ->> 'currency') <> 'gbp' then
      v_outcome := 'amount_mismatch';
    else
      insert into public.ledger_entries (kind, amount_pence, milestone_id, business_id, professional_id, provider_id, provider_event_id)
      values ('charge', v_row.amount_pence, v_row.id, v_row.business_id, v_row.professional_id,
              coalesce(v_object ->> 'payment_intent', v_object ->> 'id'), v_id)
      on conflict on constraint ledger_entries_once do nothing;
      update public.milestones
         set status = 'funded', funded_at = now(), payment_intent_id = v_object ->> 'payment_intent',
             transitions = transitions + 1
       where id = v_row.id;
      v_outcome := 'applied';
    end if;

  elsif v_type = 'account.updated' then
    v_status := case
      when (v_object ->> 'payouts_enabled')::boolean
           and coalesce(v_object -> 'capabilities' ->> 'transfers', 'active') = 'active' then 'enabled'
      when (v_object ->> 'details_submitted')::boolean then 'restricted'
      else 'pending' end;
    update public.payout_accounts
       set status = v_status, status_event_created = v_created
     where provider_account_id = v_object ->> 'id' and status_event_created <= v_created
       and (status <> v_status or status_event_created < v_created);
    v_outcome := case when found then 'applied' else 'no_change' end;

  elsif v_type = 'transfer.created' then
    if (v_object -> 'metadata' ->> 'milestone_id') ~* '^[0-9a-f-]{36}$' then
      v_outcome := public.payments_record_release((v_object -> 'metadata' ->> 'milestone_id')::uuid,
        v_object ->> 'id', (v_object ->> 'amount')::integer, v_id);
    end if;

  elsif v_type = 'refund.created' then
    if (v_object -> 'metadata' ->> 'milestone_id') ~* '^[0-9a-f-]{36}$' then
      v_outcome := public.payments_record_refund((v_object -> 'metadata' ->> 'milestone_id')::uuid,
        v_object ->> 'id', (v_object ->> 'amount')::integer, v_id);
    end if;

  elsif v_type = 'payout.paid' then
    select a.user_id into v_user from public.payout_accounts a
     where a.provider_account_id = p_event ->> 'account';
    if v_user is not null then
      insert into public.ledger_entries (kind, amount_pence, professional_id, provider_id, provider_event_id)
      values ('payout', (v_object ->> 'amount')::integer, v_user, v_object ->> 'id', v_id)
      on conflict on constraint ledger_entries_once do nothing;
      v_outcome := case when found then 'applied' else 'no_change' end;
    end if;
  end if;

  update public.payment_events set outcome = v_outcome where id = v_id;
  return v_outcome;
end;
$$;
revoke all on function public.payments_apply_event(jsonb) from public, anon, authenticated;
grant execute on function public.payments_apply_event(jsonb) to service_role;
comment on function public.payments_apply_event(jsonb) is
  'Server only, after the webhook signature is verified: applies one provider event once (its id is claimed in payment_events first; a replay answers duplicate). checkout.session.completed funds a draft milestone (amount and session must match), account.updated sets payout status (an older event never overwrites a newer one), transfer.created releases, refund.created refunds, payout.paid records a payout.';
