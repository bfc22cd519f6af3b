-- Newsletter double opt-in: a sign-up only asks; the address receives newsletters once its owner
-- followed the confirmation e-mail's link. Sign-ups from before this change never confirmed, so
-- they count as unconfirmed too (no newsletter was ever sent to them).

alter table public.newsletter_subscribers
  add column if not exists confirmed_at timestamptz,
  add column if not exists confirmation_sent_at timestamptz;
comment on column public.newsletter_subscribers.confirmed_at is
  'When the owner confirmed the address through the signed link in the confirmation e-mail. Null: unconfirmed, and the address receives nothing but that confirmation.';
comment on column public.newsletter_subscribers.confirmation_sent_at is
  'When the last confirmation e-mail was queued (the newsletter-signup function).';
comment on table public.newsletter_subscribers is
  'Newsletter sign-ups. Written by the newsletter-signup function with the service role (idempotent on the lower-cased e-mail, so repeats reveal nothing), confirmed by the newsletter-confirm function (double opt-in); only confirmed, not unsubscribed addresses receive newsletters. No client policies besides staff reads.';
create index if not exists newsletter_subscribers_confirmed_idx
  on public.newsletter_subscribers (confirmed_at) where confirmed_at is not null and unsubscribed_at is null;
