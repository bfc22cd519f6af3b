-- Local-only (not in GoTrue's schema): one row per sign-in or linking attempt through an external
-- OpenID Connect provider, from /authorize until the provider's callback. The row id is the OAuth
-- `state`; the provider-side PKCE verifier and the nonce never leave the server. One use: the
-- callback deletes the row it reads.
create table if not exists auth.oauth_requests (
  id uuid primary key,
  provider text not null,
  code_verifier text not null,
  nonce text not null,
  redirect_to text not null,
  -- The app's own PKCE challenge (GoTrue's flow_state); null for the implicit flow.
  code_challenge text,
  code_challenge_method auth.code_challenge_method,
  -- Set when a signed-in user links this provider to their account.
  linking_user_id uuid references auth.users (id) on delete cascade,
  -- Sign-up metadata chosen before the redirect (account type, company); null on sign-in.
  signup_data jsonb,
  created_at timestamptz not null default now()
);
comment on table auth.oauth_requests is 'local server: pending OpenID Connect sign-ins and identity links (state, provider PKCE verifier, nonce) until the provider''s callback';
create index if not exists oauth_requests_created_at_idx on auth.oauth_requests (created_at);
alter table auth.oauth_requests enable row level security;
revoke all on auth.oauth_requests from public;
