-- indexes for the columns that policies and the app's own filters test on every request, which
-- the primary and unique keys do not already lead with.

create index if not exists conversations_participant_1_idx on public.conversations (participant_1);
create index if not exists reviews_reviewer_idx on public.reviews (reviewer_id);
create index if not exists teams_owner_idx on public.teams (owner_id);
create index if not exists favorites_professional_idx on public.favorites (professional_id);
create index if not exists messages_sender_idx on public.messages (sender_id);
create index if not exists projects_status_category_idx on public.projects (status, category);
create index if not exists contact_messages_created_idx on public.contact_messages (created_at desc);
create index if not exists leads_created_idx on public.leads (created_at desc);
create index if not exists system_notifications_target_idx on public.system_notifications (target_type, sent_at desc)
  where is_active;
