-- Receipts (for the business) and statements (for the professional) of a paid milestone: one
-- read-only function that answers only the milestone's two parties. Everything on the document
-- comes from the milestone and its append-only ledger rows, so a receipt always matches the money
-- that actually moved.

create or replace function public.milestone_receipt(p_milestone uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := (select auth.uid());
  v_row public.milestones;
  v_title text;
  v_as text;
  v_fee integer;
  v_charge public.ledger_entries;
  v_transfer public.ledger_entries;
  v_refund public.ledger_entries;
begin
  select * into v_row from public.milestones m where m.id = p_milestone;
  if not found or v_me is null or v_me not in (v_row.business_id, v_row.professional_id) then
    raise exception 'No such milestone on a hire of yours.' using errcode = 'P0002';
  end if;
  -- the same second-factor rule as the tables it reads (their restrictive mfa policies)
  if not (select private.mfa_satisfied()) then
    raise exception 'Confirm your second factor to see this document.' using errcode = '42501';
  end if;
  v_as := case when v_me = v_row.business_id then 'business' else 'professional' end;

  select * into v_charge from public.ledger_entries l
    where l.milestone_id = v_row.id and l.kind = 'charge' order by l.id limit 1;
  if not found then
    raise exception 'There is no receipt yet: this milestone has not been paid (it is %).', v_row.status
      using errcode = '22023';
  end if;
  select * into v_transfer from public.ledger_entries l
    where l.milestone_id = v_row.id and l.kind = 'transfer' order by l.id limit 1;
  select * into v_refund from public.ledger_entries l
    where l.milestone_id = v_row.id and l.kind = 'refund' order by l.id limit 1;
  select p.title into v_title from public.projects p where p.id = v_row.project_id;
  v_fee := public.milestone_fee_pence(v_row.amount_pence, v_row.fee_rate);

  return jsonb_build_object(
    'milestone_id', v_row.id,
    'document', case when v_as = 'business' then 'receipt' else 'statement' end,
    'viewer', v_as,
    'description', v_row.description,
    'project_title', coalesce(v_title, 'Project'),
    'status', v_row.status,
    'business_name', (select coalesce(nullif(p.name, ''), 'ProMatch user') from public.profiles p where p.id = v_row.business_id),
    'business_company', (select nullif(p.company, '') from public.profiles p where p.id = v_row.business_id),
    'professional_name', (select coalesce(nullif(p.name, ''), 'ProMatch user') from public.profiles p where p.id = v_row.professional_id),
    'amount_pence', v_row.amount_pence,
    'paid_pence', v_charge.amount_pence,
    'paid_at', v_charge.created_at,
    -- the card payment's id is the business's; the professional sees the transfer to them
    'payment_id', case when v_as = 'business' then v_charge.provider_id end,
    -- the fee is the professional's own term (their plan's rate, frozen at hire)
    'fee_rate', case when v_as = 'professional' then v_row.fee_rate end,
    'fee_pence', case when v_as = 'professional' and v_refund.id is null then v_fee end,
    'payout_pence', case when v_as = 'professional' and v_refund.id is null then v_row.amount_pence - v_fee end,
    'paid_out_pence', case when v_as = 'professional' then v_transfer.amount_pence end,
    'paid_out_at', case when v_as = 'professional' then v_transfer.created_at end,
    'transfer_id', case when v_as = 'professional' then v_transfer.provider_id end,
    'refunded_pence', v_refund.amount_pence,
    'refunded_at', v_refund.created_at,
    'refund_id', case when v_as = 'business' then v_refund.provider_id end
  );
end;
$$;

revoke execute on function public.milestone_receipt(uuid) from public, anon;
grant execute on function public.milestone_receipt(uuid) to authenticated, service_role;
comment on function public.milestone_receipt(uuid) is
  'The receipt (for the business: amount paid, date, the provider''s payment id, any refund) or statement (for the professional: price, platform fee at the rate frozen at hire, amount paid out and when) of a paid milestone, from its ledger rows. Only the milestone''s two parties get an answer; anyone else gets P0002 as if it did not exist; an unpaid milestone is 22023.';
