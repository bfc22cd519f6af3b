-- Passkeys (WebAuthn) as a second factor (docs/decisions/0193-passkeys-as-a-second-factor.md).
-- A passkey is an auth.mfa_factors row of factor_type 'webauthn' (the enum already has it), so
-- the aal2 rule of every table (private.mfa_satisfied) applies to it unchanged. What WebAuthn needs
-- beside the factor lives in two tables of the auth schema, read and written only by the auth
-- server (the database owner):
--   * auth.webauthn_credentials: the public key the authenticator made, its signature counter
--     and when it was last used (shown in the security settings);
--   * auth.webauthn_challenges: the random challenge of one registration or sign-in ceremony,
--     bound to its auth.mfa_challenges row, single use and expiring.
-- Neither is reachable by anon or authenticated: no grants, row-level security on and no policy.
-- backend/test/security/webauthn.test.ts checks that.

create table auth.webauthn_credentials (
  factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- base64url credential id, as the browser reports it; unique across all users
  credential_id text not null unique check (char_length(credential_id) between 16 and 1400),
  -- COSE public key
  public_key bytea not null,
  sign_count bigint not null default 0 check (sign_count >= 0),
  transports text[] not null default '{}',
  aaguid uuid,
  device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
  backed_up boolean not null default false,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
comment on table auth.webauthn_credentials is
  'auth: the public key credential behind a verified webauthn factor (one per factor)';
create index webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

create table auth.webauthn_challenges (
  challenge_id uuid primary key references auth.mfa_challenges (id) on delete cascade,
  -- base64url random bytes handed to navigator.credentials.create/get
  challenge text not null check (char_length(challenge) between 16 and 200),
  ceremony text not null check (ceremony in ('create', 'request')),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
comment on table auth.webauthn_challenges is
  'auth: the challenge of one webauthn ceremony; single use (consumed_at) and expiring';

revoke all on auth.webauthn_credentials from public, anon, authenticated;
revoke all on auth.webauthn_challenges from public, anon, authenticated;
alter table auth.webauthn_credentials enable row level security;
alter table auth.webauthn_challenges enable row level security;
-- No policy: a role other than the owner that was ever granted access would still see no row.
