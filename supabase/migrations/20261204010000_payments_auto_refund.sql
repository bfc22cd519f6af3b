-- Payments: a funded milestone that is not approved in time is refunded automatically
-- (docs/payments.md "Refund when not approved in time", decision 0206).
--   * milestone_approval_window()  the set time: 30 days
--   * milestones.auto_refund_at    when a funded or delivered milestone is refunded if nothing
--                                  happens first: 30 days after delivery; never delivered, 30 days
--                                  after the later of funding and the end of the due date (UK time).
--                                  Kept by a trigger on every change; null in every other state.
--   * payments_claim_auto_refunds  the server's periodic job claims due milestones (they move to
--                                  refund_pending in the same statement, so two instances never
--                                  claim the same one) and refunds them through the provider
--   * notify_milestone_refunded    both parties are told in-app when any refund is recorded

create or replace function public.milestone_approval_window()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '30 days';
$$;
revoke all on function public.milestone_approval_window() from public, anon, authenticated;
grant execute on function public.milestone_approval_window() to anon, authenticated, service_role;
comment on function public.milestone_approval_window() is
  'How long a funded milestone waits before it is refunded to the business automatically: from delivery (the business approves or disputes within it), or, never delivered, from the later of funding and the end of the due date.';

alter table public.milestones add column if not exists auto_refund_at timestamptz;
alter table public.milestones add column if not exists refund_cause text
  check (refund_cause in ('not_approved_in_time'));
alter table public.milestones add column if not exists refund_claimed_at timestamptz;
comment on column public.milestones.auto_refund_at is
  'When this funded or delivered milestone is refunded automatically unless it is approved, disputed or cancelled by agreement first; null in every other state.';
comment on column public.milestones.refund_cause is
  'not_approved_in_time when the automatic refund claimed it; null for refunds by agreement or a dispute decision.';
comment on column public.milestones.refund_claimed_at is
  'When the automatic refund job last claimed this milestone (a claim older than 10 minutes whose refund was not recorded is retried).';
create index if not exists milestones_auto_refund_idx on public.milestones (auto_refund_at)
  where auto_refund_at is not null;

create or replace function public.milestones_set_auto_refund_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.auto_refund_at := case new.status
    when 'delivered' then coalesce(new.delivered_at, now()) + public.milestone_approval_window()
    when 'funded' then greatest(
        coalesce(new.funded_at, now()),
        coalesce((new.due_date + 1)::timestamp at time zone 'Europe/London', '-infinity'::timestamptz))
      + public.milestone_approval_window()
    else null end;
  return new;
end;
$$;
revoke all on function public.milestones_set_auto_refund_at() from public, anon, authenticated;
comment on function public.milestones_set_auto_refund_at() is
  'Trigger: keeps milestones.auto_refund_at (30 days after delivery; never delivered, after the later of funding and the due date; null unless funded or delivered).';
drop trigger if exists milestones_set_auto_refund_at on public.milestones;
create trigger milestones_set_auto_refund_at before insert or update on public.milestones
  for each row execute function public.milestones_set_auto_refund_at();

-- existing funded and delivered milestones get their date
update public.milestones set status = status where status in ('funded', 'delivered');

create or replace function public.payments_claim_auto_refunds(p_now timestamptz default now(), p_limit integer default 20)
returns table (id uuid, payment_intent_id text, amount_pence integer, business_id uuid, professional_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with due as (
    select m.id from public.milestones m
     where (m.status in ('funded', 'delivered') and m.auto_refund_at <= p_now)
        or (m.status = 'refund_pending' and m.refund_cause = 'not_approved_in_time'
            and m.refund_claimed_at <= p_now - interval '10 minutes')
     order by m.auto_refund_at nulls last, m.id
     limit greatest(1, least(p_limit, 200))
     for update skip locked
  )
  update public.milestones m
     set transitions = m.transitions + case when m.status = 'refund_pending' then 0 else 1 end,
         status = 'refund_pending', refund_cause = 'not_approved_in_time', refund_claimed_at = p_now
    from due
   where m.id = due.id
  returning m.id, m.payment_intent_id, m.amount_pence, m.business_id, m.professional_id;
end;
$$;
revoke all on function public.payments_claim_auto_refunds(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.payments_claim_auto_refunds(timestamptz, integer) to service_role;
comment on function public.payments_claim_auto_refunds(timestamptz, integer) is
  'Server only (the automatic refund job): claims funded or delivered milestones whose auto_refund_at has passed at p_now, moving them to refund_pending in the same statement (locked rows are skipped, so two instances never claim one twice), plus its own claims older than 10 minutes whose refund was never recorded. The job then refunds each through the provider with the idempotency key refund-<id> and records it with payments_record_refund.';

-- ---------------------------------------------------------------------------------------------
-- both parties are told when a refund is recorded

alter table public.notifications drop constraint if exists notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'appointment_reminder_24h', 'appointment_reminder_15m', 'project_match', 'team_member_joined',
  'automation', 'proposal_received', 'proposal_shortlisted', 'proposal_accepted',
  'proposal_declined', 'hire_made', 'appointment_requested', 'appointment_accepted',
  'appointment_declined', 'appointment_moved', 'appointment_cancelled', 'call_missed',
  'review_received', 'verification_decided', 'team_invitation', 'milestone_funded',
  'milestone_approved', 'milestone_paid_out', 'milestone_disputed', 'milestone_refunded'));

create or replace function public.notify_milestone_refunded()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_amount text := '£' || to_char(new.amount_pence / 100.0, 'FM999,999,990.00');
  v_why text := case when new.refund_cause = 'not_approved_in_time'
    then ' It was not approved within ' || extract(day from public.milestone_approval_window())::int
         || ' days, so it was refunded automatically.'
    else '' end;
begin
  if new.status <> 'refunded' or old.status = 'refunded' then
    return null;
  end if;
  insert into public.notifications (user_id, kind, title, body, link, project_id)
  values
    (new.business_id, 'milestone_refunded', 'Milestone refunded',
     left(v_amount || ' for "' || new.description || '" was refunded to your card.' || v_why, 1000),
     '/payments', new.project_id),
    (new.professional_id, 'milestone_refunded', 'Milestone refunded',
     left(v_amount || ' for "' || new.description || '" was refunded to the business.' || v_why, 1000),
     '/payments', new.project_id)
  on conflict do nothing;
  return null;
end;
$$;
revoke all on function public.notify_milestone_refunded() from public, anon, authenticated;
comment on function public.notify_milestone_refunded() is
  'Trigger: when a milestone''s refund is recorded, tells the business and the professional in-app (and why, when it was refunded automatically).';
drop trigger if exists milestones_notify_refunded on public.milestones;
create trigger milestones_notify_refunded after update of status on public.milestones
  for each row execute function public.notify_milestone_refunded();
