-- Local-only (not in GoTrue's schema): a provider identity waiting to join the signed-in account
-- that asked to link it, from the provider's callback until the app trades the code
-- (/token?grant_type=pkce) with the verifier that only the browser which started the link holds.
-- Linking at the callback itself would let someone start a link on their own account, send the
-- provider's address to another person, and have that person's provider account join theirs.
create table if not exists auth.oauth_pending_links (
  -- The code the callback hands back (auth.flow_state.auth_code).
  auth_code text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  provider text not null,
  -- What the provider said about the person (sub, e-mail, verified, name, claims).
  profile jsonb not null,
  created_at timestamptz not null default now()
);
comment on table auth.oauth_pending_links is 'local server: provider identities waiting for the linking browser to trade its code';
create index if not exists oauth_pending_links_created_at_idx on auth.oauth_pending_links (created_at);
alter table auth.oauth_pending_links enable row level security;
revoke all on auth.oauth_pending_links from public;
