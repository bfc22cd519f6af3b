-- profiles: one public marketplace profile per auth user (id = user id), with weighted
-- full-text and trigram search support for professionals.
-- portable to hosted supabase: assumes auth.users, auth.uid() and the api roles exist.

create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;

create table if not exists public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  role text not null default 'user' check (role in ('user', 'admin', 'super_admin')),
  name text not null default '' check (char_length(name) <= 200),
  account_type text not null default 'professional' check (account_type in ('professional', 'business')),
  company text check (char_length(company) <= 200),
  industry text check (char_length(industry) <= 200),
  avatar_url text check (char_length(avatar_url) <= 2000),
  title text check (char_length(title) <= 200),
  description text check (char_length(description) <= 5000),
  location text check (char_length(location) <= 200),
  skills text[] not null default '{}' check (cardinality(skills) <= 50),
  categories text[] not null default '{}' check (
    categories <@ array[
      'software-development', 'devops-infrastructure', 'database-management', 'ux-ui-design',
      'business-analysis', 'project-management', 'cybersecurity', 'cloud-services',
      'system-administration', 'it-consulting', 'ai-machine-learning', 'quality-assurance'
    ]::text[]
  ),
  hourly_rate_min integer check (hourly_rate_min >= 0),
  hourly_rate_max integer check (hourly_rate_max >= 0),
  rating numeric(3, 2) not null default 0 check (rating between 0 and 5),
  review_count integer not null default 0 check (review_count >= 0),
  verified boolean not null default false,
  response_time text check (char_length(response_time) <= 100),
  completion_rate integer check (completion_rate between 0 and 100),
  availability text not null default 'available' check (availability in ('available', 'busy', 'unavailable')),
  company_id uuid,
  search_vector tsvector,
  search_text text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_hourly_rate_range check (hourly_rate_min is null or hourly_rate_max is null or hourly_rate_min <= hourly_rate_max)
);

comment on table public.profiles is
  'Public marketplace profile, one per auth user (id = auth.users.id). Created by the on_auth_user_created trigger from sign-up metadata. Holds no private contact data: e-mail and phone stay in auth.users. Hourly rates are whole pounds (GBP) per hour.';
comment on column public.profiles.role is 'user, admin or super_admin; kept in step with admin_users by a trigger, never set by the user.';
comment on column public.profiles.categories is 'Service category slugs from the fixed list of 12 (shared/src/constants/service-categories.ts).';
comment on column public.profiles.search_vector is 'Weighted tsvector: name and title A, skills B, description C, location D. Maintained by trigger profiles_search_fields.';
comment on column public.profiles.search_text is 'Lower-case name, title, skills and location for trigram (typo-tolerant) matching. Maintained by trigger profiles_search_fields.';

create or replace function public.profiles_search_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.search_vector :=
    setweight(to_tsvector('english'::regconfig, coalesce(new.name, '') || ' ' || coalesce(new.title, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(new.skills, ' '), '')), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(new.description, '')), 'C')
    || setweight(to_tsvector('english'::regconfig, coalesce(new.location, '')), 'D');
  new.search_text := lower(concat_ws(' ', new.name, new.title, array_to_string(new.skills, ' '), new.location));
  return new;
end;
$$;
comment on function public.profiles_search_fields() is
  'Trigger: recomputes profiles.search_vector and search_text. A trigger rather than a generated column because array_to_string is not immutable.';

drop trigger if exists profiles_search_fields on public.profiles;
create trigger profiles_search_fields
  before insert or update on public.profiles
  for each row execute function public.profiles_search_fields();

create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function public.set_updated_at() is 'Trigger: stamps updated_at on every update.';

drop trigger if exists profiles_set_updated_at on public.profiles;
create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function public.set_updated_at();

create index if not exists profiles_search_vector_idx on public.profiles using gin (search_vector);
create index if not exists profiles_search_text_trgm_idx on public.profiles using gin (search_text extensions.gin_trgm_ops);
create index if not exists profiles_categories_idx on public.profiles using gin (categories);
create index if not exists profiles_account_type_rating_idx on public.profiles (account_type, rating desc);
create index if not exists profiles_company_id_idx on public.profiles (company_id);

alter table public.profiles enable row level security;
