-- what visitors hand us: newsletter sign-ups, lead-capture consent and contact messages.
-- none of it is readable by the public; only staff read it.

create table if not exists public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 320 and email = lower(trim(email)) and email like '%_@_%'),
  source text not null default 'footer' check (char_length(source) <= 100),
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.newsletter_subscribers is
  'Newsletter sign-ups. Written by the newsletter-signup function with the service role (idempotent on the lower-cased e-mail, so repeats reveal nothing); no client policies besides staff reads.';
create unique index if not exists newsletter_subscribers_email_key on public.newsletter_subscribers (email);

create table if not exists public.leads (
  id uuid primary key default gen_random_uuid(),
  token uuid not null unique,
  email text not null check (char_length(email) between 3 and 320 and email like '%_@_%'),
  name text check (char_length(name) <= 200),
  company text check (char_length(company) <= 200),
  consent_version text not null check (consent_version = '1.0'),
  consented_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '30 days',
  source text check (char_length(source) <= 2000),
  created_at timestamptz not null default now()
);
comment on table public.leads is
  'Lead captures: a visitor''s contact details with explicit consent (version 1.0, valid 30 days), mirrored from browser storage.';

create table if not exists public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid default auth.uid() references public.profiles (id) on delete set null,
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (char_length(email) between 3 and 320 and email like '%_@_%'),
  subject text not null check (char_length(subject) between 1 and 200),
  message text not null check (char_length(message) between 1 and 5000),
  status text not null default 'new' check (status in ('new', 'read', 'replied', 'archived')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.contact_messages is 'Messages sent from the contact page. Staff read and triage them.';

drop trigger if exists contact_messages_set_updated_at on public.contact_messages;
create trigger contact_messages_set_updated_at
  before update on public.contact_messages
  for each row execute function public.set_updated_at();

alter table public.newsletter_subscribers enable row level security;
alter table public.leads enable row level security;
alter table public.contact_messages enable row level security;

drop policy if exists newsletter_subscribers_select on public.newsletter_subscribers;
create policy newsletter_subscribers_select on public.newsletter_subscribers
  for select to authenticated using ((select public.is_admin()));
comment on policy newsletter_subscribers_select on public.newsletter_subscribers is
  'Only admins read the list. Inserts come from the newsletter-signup function (service role), so nobody can probe who subscribed.';

drop policy if exists newsletter_subscribers_delete on public.newsletter_subscribers;
create policy newsletter_subscribers_delete on public.newsletter_subscribers
  for delete to authenticated using ((select public.is_admin()));
comment on policy newsletter_subscribers_delete on public.newsletter_subscribers is 'Admins erase a subscriber on request (gdpr).';

drop policy if exists leads_insert on public.leads;
create policy leads_insert on public.leads
  for insert to anon, authenticated with check (consent_version = '1.0');
comment on policy leads_insert on public.leads is 'Visitors record their consented lead capture; they cannot read any back.';

drop policy if exists leads_select on public.leads;
create policy leads_select on public.leads
  for select to authenticated using ((select public.is_admin()));
comment on policy leads_select on public.leads is 'Only admins read leads.';

drop policy if exists leads_delete on public.leads;
create policy leads_delete on public.leads
  for delete to authenticated using ((select public.is_admin()));
comment on policy leads_delete on public.leads is 'Admins erase leads on request or after expiry.';

drop policy if exists contact_messages_insert on public.contact_messages;
create policy contact_messages_insert on public.contact_messages
  for insert to anon, authenticated
  with check (status = 'new' and (user_id is null or user_id = (select auth.uid())));
comment on policy contact_messages_insert on public.contact_messages is 'Anyone sends a contact message, as themselves or anonymously; they cannot read any back.';

drop policy if exists contact_messages_select on public.contact_messages;
create policy contact_messages_select on public.contact_messages
  for select to authenticated using ((select public.is_admin()));
comment on policy contact_messages_select on public.contact_messages is 'Only admins read contact messages.';

drop policy if exists contact_messages_update on public.contact_messages;
create policy contact_messages_update on public.contact_messages
  for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
comment on policy contact_messages_update on public.contact_messages is 'Admins triage (status).';

drop policy if exists contact_messages_delete on public.contact_messages;
create policy contact_messages_delete on public.contact_messages
  for delete to authenticated using ((select public.is_admin()));
comment on policy contact_messages_delete on public.contact_messages is 'Admins delete contact messages (retention).';
