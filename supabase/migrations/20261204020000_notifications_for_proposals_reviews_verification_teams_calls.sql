-- The rest of the notification catalogue gets its writers, each where the state changes so no
-- path can skip it: a new proposal (to the business that owns the project), a proposal
-- shortlisted or declined (to the professional; an accepted proposal hires, and notify_hire tells
-- the professional once), a review received (to the professional reviewed), a verification
-- decision (to the professional who asked), a team invitation (to the account that owns the
-- invited, confirmed address) and a missed call (record_missed_call, to the participant who did
-- not join). The recipient's preferences apply as to every notification
-- (notifications_apply_preferences), and e-mail and push follow from the notification row.

-- ---- proposals ---------------------------------------------------------------------------------

create or replace function public.proposal_price_words(p_rate integer, p_budget_type text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_rate is null then ''
    else ' at £' || to_char(p_rate, 'FM999,999,990')
      || case p_budget_type when 'day' then ' a day' when 'hour' then ' an hour' else '' end
  end;
$$;
comment on function public.proposal_price_words(integer, text) is
  'A proposal''s price in words for notifications: " at £1,200", " at £450 a day", " at £60 an hour", or nothing.';
revoke execute on function public.proposal_price_words(integer, text) from public, anon, authenticated;

create or replace function public.notify_proposal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_project public.projects;
  v_kind text;
begin
  select * into v_project from public.projects p where p.id = new.project_id;
  if not found then
    return null;
  end if;
  if tg_op = 'INSERT' then
    -- one per proposal: several professionals propose on one project, so no project_id here
    -- (notifications_once_per_project would keep only the first).
    insert into public.notifications (user_id, kind, title, body, link)
    values (v_project.owner_id, 'proposal_received',
      left(public.name_of(new.professional_id) || ' sent a proposal', 200),
      left('For "' || v_project.title || '"'
        || public.proposal_price_words(new.proposed_rate, v_project.budget_type) || '.', 1000),
      '/projects/' || v_project.id);
    return null;
  end if;
  if new.status is not distinct from old.status then
    return null;
  end if;
  v_kind := case new.status when 'shortlisted' then 'proposal_shortlisted'
    when 'declined' then 'proposal_declined' end;
  if v_kind is null then
    -- accepted: the hire (notify_hire) tells the professional; submitted and withdrawn: nobody.
    return null;
  end if;
  insert into public.notifications (user_id, kind, title, body, link, project_id)
  values (new.professional_id, v_kind,
    left(public.name_of(v_project.owner_id) || case v_kind
      when 'proposal_shortlisted' then ' shortlisted your proposal'
      else ' declined your proposal' end, 200),
    left(case v_kind
      when 'proposal_shortlisted' then 'Your proposal for "' || v_project.title
        || '" is on the shortlist.'
      else 'Your proposal for "' || v_project.title || '" was not taken forward.' end, 1000),
    '/projects/' || v_project.id, v_project.id)
  on conflict do nothing;
  return null;
end;
$$;
comment on function public.notify_proposal() is
  'Trigger: a new proposal notifies the business that owns the project (proposal_received); shortlisting or declining it notifies the professional (proposal_shortlisted, proposal_declined, once per project). Accepting hires, and notify_hire tells the professional.';
revoke execute on function public.notify_proposal() from public, anon, authenticated;
drop trigger if exists project_applications_notify on public.project_applications;
create trigger project_applications_notify
  after insert or update of status on public.project_applications
  for each row execute function public.notify_proposal();

-- the hire's words say it came from the proposal, since it is the one notification of acceptance.
create or replace function public.notify_hire()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_rate integer;
  v_from_proposal boolean;
begin
  if new.hired_professional_id is null
     or old.hired_professional_id is not distinct from new.hired_professional_id then
    return null;
  end if;
  select a.proposed_rate into v_rate from public.project_applications a
  where a.project_id = new.id and a.professional_id = new.hired_professional_id
    and a.status = 'accepted';
  v_from_proposal := found;
  insert into public.notifications (user_id, kind, title, body, link, project_id)
  values (new.hired_professional_id, 'hire_made',
    left(public.name_of(new.owner_id) || ' hired you', 200),
    left(case when v_from_proposal
      then 'Your proposal for "' || new.title || '"'
        || public.proposal_price_words(v_rate, new.budget_type) || ' was accepted.'
      else 'You were hired for "' || new.title || '".' end, 1000),
    '/projects/' || new.id, new.id)
  on conflict do nothing;
  return null;
end;
$$;
comment on function public.notify_hire() is
  'Trigger: tells the professional they were hired for a project (the one notification of an accepted proposal).';
revoke execute on function public.notify_hire() from public, anon, authenticated;

-- ---- reviews -----------------------------------------------------------------------------------

create or replace function public.notify_review()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notifications (user_id, kind, title, body, link)
  values (new.professional_id, 'review_received',
    left(public.name_of(new.reviewer_id) || ' left you a ' || new.rating || '-star review', 200),
    left(coalesce(nullif(btrim(new.comment), ''), 'No comment was written.'), 1000),
    '/professional/' || new.professional_id);
  return null;
end;
$$;
comment on function public.notify_review() is
  'Trigger: tells the professional reviewed about a new review (review_received), with its rating and comment.';
revoke execute on function public.notify_review() from public, anon, authenticated;
drop trigger if exists reviews_notify on public.reviews;
create trigger reviews_notify after insert on public.reviews
  for each row execute function public.notify_review();

-- ---- verification decisions ---------------------------------------------------------------------

create or replace function public.notify_verification_decision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.status <> 'pending' or new.status not in ('approved', 'rejected') then
    return null;
  end if;
  insert into public.notifications (user_id, kind, title, body, link)
  values (new.user_id, 'verification_decided',
    case new.status when 'approved' then 'Your profile is verified'
      else 'We could not verify your profile' end,
    left(case new.status
      when 'approved' then 'The verified badge is now on your profile.'
      else 'Your request for the verified badge was refused.' end
      || coalesce(' ' || nullif(btrim(new.decision_note), ''), ''), 1000),
    '/dashboard');
  return null;
end;
$$;
comment on function public.notify_verification_decision() is
  'Trigger: tells the professional the decision on their verification request (badge granted or refused), with the reason staff gave.';
revoke execute on function public.notify_verification_decision() from public, anon, authenticated;
drop trigger if exists verification_requests_notify on public.verification_requests;
create trigger verification_requests_notify after update of status on public.verification_requests
  for each row execute function public.notify_verification_decision();

-- ---- team invitations ---------------------------------------------------------------------------

-- the invitation itself (its single-use link) is e-mailed by the team-invitation mail worker; this
-- tells an existing account in the app too, only when it owns the address (confirmed), and never
-- carries the link's token.
create or replace function public.notify_team_invitation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_team text;
begin
  select u.id into v_user from auth.users u
  where lower(u.email) = lower(new.email) and u.email_confirmed_at is not null
  limit 1;
  if v_user is null or not exists (select 1 from public.profiles p where p.id = v_user) then
    return null;
  end if;
  select t.name into v_team from public.teams t where t.id = new.team_id;
  insert into public.notifications (user_id, kind, title, body, link)
  values (v_user, 'team_invitation',
    left(coalesce(public.name_of(new.invited_by), 'Someone') || ' invited you to the team '
      || coalesce(v_team, ''), 200),
    left('You are invited as ' || case new.role when 'admin' then 'an admin' else 'a member' end
      || '. Open the link in the invitation e-mail sent to ' || new.email
      || ' to join; it works for 7 days.', 1000),
    '/teams');
  return null;
end;
$$;
comment on function public.notify_team_invitation() is
  'Trigger: tells the account that owns an invited (confirmed) address about the invitation in the app; the link itself goes only by e-mail.';
revoke execute on function public.notify_team_invitation() from public, anon, authenticated;
drop trigger if exists team_invitations_notify on public.team_invitations;
create trigger team_invitations_notify after insert on public.team_invitations
  for each row execute function public.notify_team_invitation();

-- ---- missed calls -------------------------------------------------------------------------------

-- a call is a meeting in the conversation's room with no ringing: when one participant waited
-- there and left before the other joined, their browser reports it and the other is told.
create or replace function public.record_missed_call(p_conversation_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_other uuid;
  v_link text := '/messages/' || p_conversation_id;
begin
  if v_uid is null then
    raise exception 'Sign in to report a call.' using errcode = '42501';
  end if;
  if p_conversation_id is null then
    raise exception 'A call needs its conversation.' using errcode = '22023';
  end if;
  select case when c.participant_1 = v_uid then c.participant_2 else c.participant_1 end
    into v_other
  from public.conversations c
  where c.id = p_conversation_id and v_uid in (c.participant_1, c.participant_2);
  if v_other is null then
    raise exception 'Conversation not found.' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.user_blocks b
    where (b.blocker_id = v_other and b.blocked_id = v_uid)
       or (b.blocker_id = v_uid and b.blocked_id = v_other)) then
    return false;
  end if;
  -- one missed-call notification per conversation and 10 minutes: a caller cannot flood.
  if exists (select 1 from public.notifications n
    where n.user_id = v_other and n.kind = 'call_missed' and n.link = v_link
      and n.created_at > now() - interval '10 minutes') then
    return false;
  end if;
  insert into public.notifications (user_id, kind, title, body, link)
  values (v_other, 'call_missed', left('Missed call from ' || public.name_of(v_uid), 200),
    left(public.name_of(v_uid) || ' waited for you in a video call at '
      || to_char(now() at time zone 'Europe/London', 'HH24:MI') || ' UK time.', 1000),
    v_link);
  return true;
end;
$$;
comment on function public.record_missed_call(uuid) is
  'A participant who waited in the conversation''s video call and left before the other joined reports it; the other participant is told (call_missed), at most once per conversation in 10 minutes and never across a block. Returns whether a notification was written.';
revoke execute on function public.record_missed_call(uuid) from public, anon;
grant execute on function public.record_missed_call(uuid) to authenticated, service_role;
