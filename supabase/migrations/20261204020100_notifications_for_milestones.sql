-- Milestone notifications, written by a trigger on the milestone's status so that every path
-- (the parties' functions, the payment provider's webhooks, staff deciding a dispute, the
-- server's jobs) tells people without each function knowing: funded, approved and paid out to
-- the professional; disputed to both parties except the one who opened the dispute. The
-- payments functions themselves are unchanged.

create or replace function public.pounds_words(p_pence integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select '£' || to_char(p_pence / 100.0, 'FM999,999,990.00');
$$;
comment on function public.pounds_words(integer) is 'An amount in pence as notifications write it: £1,234.50.';
revoke execute on function public.pounds_words(integer) from public, anon, authenticated;

create or replace function public.notify_milestone_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := case new.status
    when 'funded' then 'milestone_funded'
    when 'approved' then 'milestone_approved'
    when 'released' then 'milestone_paid_out'
    when 'disputed' then 'milestone_disputed' end;
  v_what text := '"' || new.description || '"';
  v_party uuid;
begin
  if v_kind is null or new.status is not distinct from old.status then
    return null;
  end if;
  if v_kind = 'milestone_disputed' then
    foreach v_party in array array[new.business_id, new.professional_id] loop
      continue when v_party is not distinct from new.disputed_by;
      insert into public.notifications (user_id, kind, title, body, link)
      values (v_party, v_kind,
        left(coalesce(public.name_of(new.disputed_by), 'Someone') || ' opened a dispute', 200),
        left(v_what || ' (' || public.pounds_words(new.amount_pence) || ') is frozen until '
          || 'ProMatch decides. Reason given: ' || coalesce(new.dispute_reason, 'none'), 1000),
        '/payments');
    end loop;
    return null;
  end if;
  insert into public.notifications (user_id, kind, title, body, link)
  values (new.professional_id, v_kind,
    left(case v_kind
      when 'milestone_funded' then public.name_of(new.business_id) || ' funded a milestone'
      when 'milestone_approved' then public.name_of(new.business_id) || ' approved your work'
      else 'Payment sent: ' || public.pounds_words(new.amount_pence
        - public.milestone_fee_pence(new.amount_pence, new.fee_rate)) end, 200),
    left(case v_kind
      when 'milestone_funded' then v_what || ': ' || public.pounds_words(new.amount_pence)
        || ' is held by ProMatch for this milestone. You can start the work.'
      when 'milestone_approved' then v_what || ' is approved; the payment is released to you.'
      else v_what || ': ' || public.pounds_words(new.amount_pence
          - public.milestone_fee_pence(new.amount_pence, new.fee_rate))
        || ' was transferred to your payout account (' || public.pounds_words(new.amount_pence)
        || ' less the ' || public.pounds_words(public.milestone_fee_pence(new.amount_pence, new.fee_rate))
        || ' fee).' end, 1000),
    '/payments');
  return null;
end;
$$;
comment on function public.notify_milestone_change() is
  'Trigger: a milestone funded, approved or paid out tells the professional; a dispute tells both parties except the one who opened it.';
revoke execute on function public.notify_milestone_change() from public, anon, authenticated;
drop trigger if exists milestones_notify on public.milestones;
create trigger milestones_notify after update of status on public.milestones
  for each row execute function public.notify_milestone_change();
