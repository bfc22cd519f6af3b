-- 010_auth_schema: the auth schema's tables, shaped like GoTrue's (supabase/auth migrations), for
-- the local server only. Hosted Supabase already has these; nothing in supabase/migrations may
-- depend on columns that GoTrue does not have. 000_* (engineer A) creates the roles, the auth
-- schema and auth.uid()/auth.role()/auth.jwt(); this file is idempotent and runs on PostgreSQL 15
-- and on PGlite (PostgreSQL 18). No grants to anon/authenticated: hosted Supabase exposes none.

create schema if not exists auth;

-- enum types, as GoTrue declares them (create type has no "if not exists")
do $$ begin
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.factor_status as enum ('unverified', 'verified');
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.code_challenge_method as enum ('s256', 'plain');
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.one_time_token_type as enum (
    'confirmation_token', 'reauthentication_token', 'recovery_token',
    'email_change_token_new', 'email_change_token_current', 'phone_change_token');
exception when duplicate_object then null; end $$;

create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
comment on table auth.users is 'Auth: stores user login data within a secure schema.';
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create index if not exists users_confirmation_token_idx on auth.users (confirmation_token) where confirmation_token <> '';
create index if not exists users_recovery_token_idx on auth.users (recovery_token) where recovery_token <> '';
create index if not exists users_email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new <> '';

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
comment on table auth.identities is 'Auth: stores identities associated to a user.';
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
comment on table auth.sessions is 'Auth: stores session data associated to a user.';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: store of tokens used to refresh JWT tokens once they expire.';
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique
);
comment on table auth.mfa_factors is 'auth: stores metadata about factors';
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text
);
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
comment on table auth.flow_state is 'stores metadata for pkce logins';
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
comment on table auth.one_time_tokens is 'auth: one-time tokens (e-mail links and codes) by type, as GoTrue keeps them';
create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- Local-only tables (not in GoTrue). Rate-limit counters live in the database so that several
-- server instances on one PostgreSQL share them; one fixed window per key.
create table if not exists auth.rate_limits (
  key text primary key,
  window_start timestamptz not null default now(),
  hits integer not null default 0
);
comment on table auth.rate_limits is 'local server: request counters per rate-limit key (ip or e-mail) and window';

-- Addresses each account has signed in from (any method). The per-account sign-in limit does not
-- apply to them, so guesses from elsewhere cannot lock the owner out (docs/security.md).
create table if not exists auth.sign_in_addresses (
  user_id uuid not null references auth.users (id) on delete cascade,
  ip text not null,
  last_sign_in_at timestamptz not null default now(),
  primary key (user_id, ip)
);
comment on table auth.sign_in_addresses is 'local server: client addresses each user has signed in from';

-- The development outbox: e-mail that would have gone out over SMTP, shown at /outbox.
create table if not exists auth.outbox (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  mail_from text not null,
  mail_to text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  links jsonb not null default '[]'::jsonb
);
comment on table auth.outbox is 'local server: e-mail captured instead of sent when no SMTP server is configured';
create index if not exists outbox_mail_to_idx on auth.outbox (mail_to, id desc);
-- the extra headers a message carries (List-Unsubscribe and List-Unsubscribe-Post), kept so the
-- outbox shows exactly what SMTP would have sent.
alter table auth.outbox add column if not exists headers jsonb not null default '{}'::jsonb;
