-- rules the database enforces (decision 0150): a company is verified for an account, not for
-- whoever names its number next. Before, companies held one row per company number: a visitor's
-- verify-company call stored the register's record as verified, and the sign-up trigger linked
-- any new business naming that number to the row, so a second account inherited the first
-- firm's verified company. Now every company row belongs to one account (owner_id), and the
-- register's answer reaches the database only as a single-use ticket that one sign-up claims.

alter table public.companies add column if not exists owner_id uuid references auth.users (id) on delete cascade;
comment on column public.companies.owner_id is
  'The account this record (and its verification) belongs to. Another account naming the same company number gets its own record.';

-- existing rows: the first linked profile owns a company; any other profile linked to the same
-- row gets its own copy, pending, so nobody keeps another account's verification.
update public.companies c set owner_id = first_link.id
from (
  select distinct on (p.company_id) p.company_id, p.id
  from public.profiles p where p.company_id is not null
  order by p.company_id, p.created_at, p.id
) first_link
where first_link.company_id = c.id and c.owner_id is null;

alter table public.companies drop constraint if exists companies_company_number_key;
create unique index if not exists companies_owner_number_key on public.companies (owner_id, company_number);
create index if not exists companies_company_number_idx on public.companies (company_number);

do $$
declare
  v_link record;
  v_copy uuid;
begin
  for v_link in
    select p.id as profile_id, c.* from public.profiles p
    join public.companies c on c.id = p.company_id
    where c.owner_id is distinct from p.id
  loop
    insert into public.companies (owner_id, company_number, company_name, company_status, company_type,
      date_of_creation, registered_office_address, verification_source)
    values (v_link.profile_id, v_link.company_number, v_link.company_name, v_link.company_status,
      v_link.company_type, v_link.date_of_creation, v_link.registered_office_address, 'manual_entry')
    on conflict (owner_id, company_number) do update set updated_at = now()
    returning id into v_copy;
    update public.profiles set company_id = v_copy where id = v_link.profile_id;
  end loop;
end;
$$;

drop policy if exists companies_select on public.companies;
create policy companies_select on public.companies
  for select to authenticated
  using (
    owner_id = (select auth.uid())
    or (select public.admin_has_permission('verification'))
    or (select public.admin_has_permission('users'))
  );
comment on policy companies_select on public.companies is
  'An account reads its own company record; staff with the verification or users area read all. Our copy links people to companies, so it is not public.';

-- tickets: what the register said about a number, for one sign-up to claim ------------------

create table if not exists public.company_verification_tickets (
  id uuid primary key default gen_random_uuid(),
  company_number text not null check (company_number ~ '^[A-Z0-9]{8}$'),
  register jsonb not null check (jsonb_typeof(register) = 'object'),
  created_at timestamptz not null default now(),
  claimed_by uuid,
  claimed_at timestamptz
);
comment on table public.company_verification_tickets is
  'The register''s answer to one verify-company call by a visitor, claimable once, within an hour, by the sign-up that carries its id (company_data.verification_ticket) for the same number. Server only.';
create index if not exists company_verification_tickets_created_idx on public.company_verification_tickets (created_at);
alter table public.company_verification_tickets enable row level security;
revoke all on table public.company_verification_tickets from public, anon, authenticated;
grant all on table public.company_verification_tickets to service_role;

create or replace function public.record_company_for_account(
  p_owner uuid,
  p_company jsonb,
  p_verified boolean
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_number text := public.normalise_company_number(p_company ->> 'company_number');
  v_id uuid;
begin
  if v_number is null then
    raise exception 'A valid UK company number is needed.' using errcode = '22023';
  end if;
  -- companies belong to business accounts only.
  if not exists (select 1 from public.profiles p where p.id = p_owner and p.account_type = 'business') then
    return null;
  end if;
  insert into public.companies as c (owner_id, company_number, company_name, company_status,
    company_type, date_of_creation, registered_office_address, verification_source, verified_at)
  values (
    p_owner,
    v_number,
    left(coalesce(nullif(trim(p_company ->> 'company_name'), ''), nullif(trim(p_company ->> 'title'), ''), v_number), 300),
    coalesce(nullif(p_company ->> 'company_status', ''), 'active'),
    coalesce(nullif(p_company ->> 'company_type', ''), 'manual_entry'),
    case when p_company ->> 'date_of_creation' ~ '^\d{4}-\d{2}-\d{2}$' then (p_company ->> 'date_of_creation')::date end,
    case when jsonb_typeof(p_company -> 'registered_office_address') = 'object' then p_company -> 'registered_office_address' else '{}'::jsonb end,
    case when p_verified then 'companies_house' else 'manual_entry' end,
    case when p_verified then now() end
  )
  on conflict (owner_id, company_number) do update set
    company_name = case when p_verified then excluded.company_name else c.company_name end,
    company_status = case when p_verified then excluded.company_status else c.company_status end,
    company_type = case when p_verified then excluded.company_type else c.company_type end,
    date_of_creation = case when p_verified then excluded.date_of_creation else c.date_of_creation end,
    registered_office_address = case when p_verified then excluded.registered_office_address else c.registered_office_address end,
    verification_source = case when p_verified then 'companies_house' else c.verification_source end,
    verified_at = case when p_verified then coalesce(c.verified_at, now()) else c.verified_at end
  returning c.id into v_id;
  if p_verified then
    update public.companies set verification_status = 'verified' where id = v_id and verification_status = 'pending';
  end if;
  update public.profiles set company_id = v_id where id = p_owner and account_type = 'business';
  return v_id;
end;
$$;
comment on function public.record_company_for_account(uuid, jsonb, boolean) is
  'Stores the company a business account named, as its own record, and links its profile to it (null for other accounts). p_verified (the register confirmed it for this account) marks it verified; otherwise it stays pending. Server only.';

create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_account_type text := case when meta ->> 'account_type' = 'business' then 'business' else 'professional' end;
  v_name text := left(coalesce(nullif(trim(meta ->> 'name'), ''), nullif(split_part(coalesce(new.email, ''), '@', 1), ''), 'User'), 200);
  v_plan text := lower(coalesce(meta ->> 'selected_plan', meta ->> 'selectedPlan', meta ->> 'plan', 'free'));
  v_company jsonb := case when jsonb_typeof(meta -> 'company_data') = 'object' then meta -> 'company_data' else null end;
  v_number text;
  v_ticket public.company_verification_tickets;
begin
  insert into public.profiles (id, name, account_type, company, industry)
  values (new.id, v_name, v_account_type, left(nullif(trim(meta ->> 'company'), ''), 200), left(nullif(trim(meta ->> 'industry'), ''), 200))
  on conflict (id) do nothing;

  -- business accounts are always on the free plan; pro is for professionals.
  if v_account_type = 'business' or v_plan not in ('free', 'pro') then
    v_plan := 'free';
  end if;
  insert into public.user_subscriptions (user_id, plan_type) values (new.id, v_plan)
  on conflict (user_id) do nothing;

  if v_account_type = 'business' and v_company is not null then
    v_number := public.normalise_company_number(v_company ->> 'company_number');
    if v_number is not null then
      -- metadata is written by the browser: only an unclaimed ticket from the register for this
      -- very number (verify-company, within the hour) makes the account's company verified.
      if (v_company ->> 'verification_ticket') ~ '^[0-9a-f-]{36}$' then
        update public.company_verification_tickets t
          set claimed_by = new.id, claimed_at = now()
          where t.id = (v_company ->> 'verification_ticket')::uuid and t.claimed_by is null
            and t.company_number = v_number and t.created_at > now() - interval '1 hour'
          returning t.* into v_ticket;
      end if;
      if v_ticket.id is not null then
        perform public.record_company_for_account(new.id, v_ticket.register, true);
      else
        perform public.record_company_for_account(new.id, v_company - 'verification_ticket', false);
      end if;
    end if;
  end if;
  return new;
end;
$$;
comment on function public.handle_new_user() is
  'Trigger on auth.users insert: creates the profile (name, account_type, company, industry from raw_user_meta_data), the subscription (selected_plan/plan, pro only for professionals) and, for businesses, the account''s own company record: verified only when company_data carries an unclaimed verify-company ticket for that number, pending otherwise.';

revoke all on function public.record_company_for_account(uuid, jsonb, boolean) from public, anon, authenticated;
grant execute on function public.record_company_for_account(uuid, jsonb, boolean) to service_role;
