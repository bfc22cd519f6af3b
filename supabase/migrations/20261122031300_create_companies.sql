-- companies (uk company register records, verified or manually entered) and the sign-up trigger
-- that creates a profile, a subscription and the company link from auth metadata.

create table if not exists public.companies (
  id uuid primary key default gen_random_uuid(),
  company_number text not null unique check (company_number ~ '^[A-Z0-9]{8}$'),
  company_name text not null check (char_length(company_name) between 1 and 300),
  company_status text not null default 'active',
  company_type text not null default 'manual_entry',
  date_of_creation date,
  registered_office_address jsonb not null default '{}'::jsonb check (jsonb_typeof(registered_office_address) = 'object'),
  verification_source text not null default 'manual_entry' check (verification_source in ('companies_house', 'manual_entry')),
  verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.companies is
  'UK companies linked to business profiles. company_number is normalised to 8 characters (e.g. 01234567, SC123456). verified_at is set only by the server (verify-company function or staff), never from client metadata.';

drop trigger if exists companies_set_updated_at on public.companies;
create trigger companies_set_updated_at
  before update on public.companies
  for each row execute function public.set_updated_at();

do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'profiles_company_id_fkey') then
    alter table public.profiles
      add constraint profiles_company_id_fkey foreign key (company_id) references public.companies (id) on delete set null;
  end if;
end;
$$;

alter table public.companies enable row level security;

drop policy if exists companies_select on public.companies;
create policy companies_select on public.companies
  for select to authenticated
  using (
    (select public.is_admin())
    or exists (select 1 from public.profiles p where p.company_id = companies.id and p.id = (select auth.uid()))
  );
comment on policy companies_select on public.companies is
  'A business user reads the company linked to their profile; admins read all. The register itself is public, but our copy links people to companies.';

drop policy if exists companies_update on public.companies;
create policy companies_update on public.companies
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
comment on policy companies_update on public.companies is
  'Admins complete manual verification (verified_at, verification_source). Users cannot mark their own company verified.';

drop policy if exists companies_delete on public.companies;
create policy companies_delete on public.companies
  for delete to authenticated
  using ((select public.is_super_admin()));
comment on policy companies_delete on public.companies is 'Only super admins delete company records.';
-- no insert policy: companies are created by the sign-up trigger or the verify-company function (service role).

create or replace function public.normalise_company_number(raw text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when raw is null then null
    when upper(regexp_replace(raw, '\s', '', 'g')) ~ '^[A-Z]{2}[0-9]{6}$' then upper(regexp_replace(raw, '\s', '', 'g'))
    when upper(regexp_replace(raw, '\s', '', 'g')) ~ '^[A-Z]{2}[0-9]{1,5}$'
      then substr(upper(regexp_replace(raw, '\s', '', 'g')), 1, 2)
        || lpad(substr(upper(regexp_replace(raw, '\s', '', 'g')), 3), 6, '0')
    when regexp_replace(raw, '\s', '', 'g') ~ '^[0-9]{1,8}$' then lpad(regexp_replace(raw, '\s', '', 'g'), 8, '0')
    else null
  end;
$$;
comment on function public.normalise_company_number(text) is
  'Companies House numbers are 8 characters: an optional 2-letter prefix then digits, zero-padded. Returns null for anything else.';

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
  v_company_id uuid;
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
      -- metadata is client-supplied: the company is stored unverified; the server verifies it later.
      insert into public.companies (company_number, company_name, company_status, company_type,
        date_of_creation, registered_office_address, verification_source)
      values (
        v_number,
        left(coalesce(nullif(trim(v_company ->> 'company_name'), ''), nullif(trim(v_company ->> 'title'), ''), nullif(trim(meta ->> 'company'), ''), v_number), 300),
        coalesce(nullif(v_company ->> 'company_status', ''), 'active'),
        coalesce(nullif(v_company ->> 'company_type', ''), 'manual_entry'),
        case when v_company ->> 'date_of_creation' ~ '^\d{4}-\d{2}-\d{2}$' then (v_company ->> 'date_of_creation')::date end,
        case when jsonb_typeof(v_company -> 'registered_office_address') = 'object' then v_company -> 'registered_office_address' else '{}'::jsonb end,
        case when v_company ->> 'company_type' = 'manual_entry' then 'manual_entry' else 'companies_house' end
      )
      on conflict (company_number) do nothing;
      select c.id into v_company_id from public.companies c where c.company_number = v_number;
      update public.profiles set company_id = v_company_id where id = new.id;
    end if;
  end if;
  return new;
end;
$$;
comment on function public.handle_new_user() is
  'Trigger on auth.users insert: creates the profile (name, account_type, company, industry from raw_user_meta_data), the subscription (selected_plan/plan, pro only for professionals) and, for businesses, the unverified company record and link.';

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();
