-- The management portal's payments area: who opened a dispute and when (recorded from now on),
-- the list of disputed milestones for staff with the payments area, and the platform's fee
-- income (the sum of the ledger's fee rows, this month in UK time and all time).

alter table public.milestones
  add column disputed_by uuid references public.profiles(id) on delete set null,
  add column disputed_at timestamptz;

comment on column public.milestones.disputed_by is 'The party who opened the current dispute (null if their account is gone).';
comment on column public.milestones.disputed_at is 'When the current dispute was opened.';

CREATE OR REPLACE FUNCTION public.open_milestone_dispute(p_milestone uuid, p_reason text)
 RETURNS public.milestones
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
         disputed_by = (select auth.uid()), disputed_at = now(),
         transitions = transitions + 1
   where id = p_milestone returning * into v_row;
  return v_row;
end;
$function$;

CREATE OR REPLACE FUNCTION public.admin_payment_disputes()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (select public.admin_has_permission('payments')) then
    raise exception 'Only staff with the payments area see disputes.' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', m.id,
             'project_id', m.project_id,
             'project_title', p.title,
             'description', m.description,
             'amount_pence', m.amount_pence,
             'disputed_from', m.disputed_from,
             'reason', m.dispute_reason,
             'opened_at', m.disputed_at,
             'opened_by', case
               when m.disputed_by is null then null
               when m.disputed_by = m.business_id then 'business'
               when m.disputed_by = m.professional_id then 'professional'
               else 'other' end,
             'business', jsonb_build_object('id', m.business_id, 'name', b.name),
             'professional', jsonb_build_object('id', m.professional_id, 'name', pr.name))
           order by m.disputed_at nulls first, m.created_at)
      from public.milestones m
      left join public.projects p on p.id = m.project_id
      left join public.profiles b on b.id = m.business_id
      left join public.profiles pr on pr.id = m.professional_id
     where m.status = 'disputed'), '[]'::jsonb);
end;
$function$;
revoke all on function public.admin_payment_disputes() from public, anon, authenticated;
grant execute on function public.admin_payment_disputes() to authenticated, service_role;
comment on function public.admin_payment_disputes() is 'Staff with the payments area: the disputed milestones, oldest first, with the amount, both parties, who opened the dispute, when and why. jsonb array.';

CREATE OR REPLACE FUNCTION public.admin_platform_fee_income()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_month_start timestamptz :=
    date_trunc('month', now() at time zone 'Europe/London') at time zone 'Europe/London';
begin
  if not (select public.admin_has_permission('payments')) then
    raise exception 'Only staff with the payments area see fee income.' using errcode = '42501';
  end if;
  return (
    select jsonb_build_object(
             'this_month_pence', coalesce(sum(l.amount_pence) filter (where l.created_at >= v_month_start), 0),
             'all_time_pence', coalesce(sum(l.amount_pence), 0),
             'month_start', v_month_start)
      from public.ledger_entries l
     where l.kind = 'fee');
end;
$function$;
revoke all on function public.admin_platform_fee_income() from public, anon, authenticated;
grant execute on function public.admin_platform_fee_income() to authenticated, service_role;
comment on function public.admin_platform_fee_income() is 'Staff with the payments area: the platform''s fee income in pence (the sum of the ledger''s fee rows) this calendar month in UK time and all time. jsonb { this_month_pence, all_time_pence, month_start }.';
