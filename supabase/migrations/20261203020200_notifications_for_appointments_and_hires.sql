-- Every event of the notification catalogue may be written as a notification, and appointments
-- and hires now write theirs: requested, accepted, declined, moved and cancelled to the other
-- party; a hire to the professional hired. The recipient's preferences apply as to every
-- notification (notifications_apply_preferences), and the e-mail queue picks up the groups the
-- recipient wants e-mailed at once (appointments and hires by default).

alter table public.notifications drop constraint if exists notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'appointment_reminder_24h', 'appointment_reminder_15m', 'project_match', 'team_member_joined',
  'automation', 'proposal_received', 'proposal_shortlisted', 'proposal_accepted',
  'proposal_declined', 'hire_made', 'appointment_requested', 'appointment_accepted',
  'appointment_declined', 'appointment_moved', 'appointment_cancelled', 'call_missed',
  'review_received', 'verification_decided', 'team_invitation', 'milestone_funded',
  'milestone_approved', 'milestone_paid_out', 'milestone_disputed'));

create or replace function public.notify_appointment_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce((select auth.uid()), case when tg_op = 'INSERT' then new.proposed_by end);
  v_kind text;
  v_title text;
  v_when text := to_char(new.starts_at at time zone 'Europe/London', 'FMDay FMDD FMMonth, HH24:MI');
  v_party uuid;
begin
  if tg_op = 'INSERT' and new.status = 'proposed' then
    v_kind := 'appointment_requested';
    v_title := public.name_of(new.proposed_by) || ' asked for a call';
  elsif tg_op = 'UPDATE' and new.status is distinct from old.status then
    v_kind := case new.status when 'confirmed' then 'appointment_accepted'
      when 'declined' then 'appointment_declined' when 'cancelled' then 'appointment_cancelled' end;
    v_actor := coalesce(case when new.status = 'cancelled' then new.cancelled_by end, v_actor);
    v_title := case new.status
      when 'confirmed' then coalesce(public.name_of(v_actor), 'The other party') || ' accepted the call'
      when 'declined' then coalesce(public.name_of(v_actor), 'The other party') || ' declined the call'
      when 'cancelled' then coalesce(public.name_of(v_actor), 'The other party') || ' cancelled the call'
    end;
  elsif tg_op = 'UPDATE' and new.starts_at is distinct from old.starts_at
      and new.status in ('proposed', 'confirmed') then
    v_kind := 'appointment_moved';
    v_title := coalesce(public.name_of(v_actor), 'The other party') || ' moved the call';
  end if;
  if v_kind is null then
    return null;
  end if;
  foreach v_party in array array[new.business_id, new.professional_id] loop
    -- the one who acted is not told about their own action (unknown actor: both are told).
    continue when v_party is not distinct from v_actor;
    insert into public.notifications (user_id, kind, title, body, link, appointment_id)
    values (v_party, v_kind, left(v_title, 200),
      left('"' || new.title || '", ' || v_when || ' UK time'
        || case when v_kind = 'appointment_cancelled' and new.cancel_reason is not null
             then '. Reason: ' || new.cancel_reason else '' end, 1000),
      case when new.conversation_id is not null then '/messages/' || new.conversation_id
        else '/messages' end,
      new.id)
    on conflict do nothing;
  end loop;
  return null;
end;
$$;
comment on function public.notify_appointment_change() is
  'Trigger: notifies the other party when an appointment is requested, accepted, declined, moved or cancelled.';
revoke execute on function public.notify_appointment_change() from public, anon, authenticated;
drop trigger if exists appointments_notify_change on public.appointments;
create trigger appointments_notify_change
  after insert or update of status, starts_at on public.appointments
  for each row execute function public.notify_appointment_change();

create or replace function public.notify_hire()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.hired_professional_id is null
     or old.hired_professional_id is not distinct from new.hired_professional_id then
    return null;
  end if;
  insert into public.notifications (user_id, kind, title, body, link, project_id)
  values (new.hired_professional_id, 'hire_made',
    left(public.name_of(new.owner_id) || ' hired you', 200),
    left('You were hired for "' || new.title || '".', 1000),
    '/projects/' || new.id, new.id)
  on conflict do nothing;
  return null;
end;
$$;
comment on function public.notify_hire() is
  'Trigger: tells the professional they were hired for a project.';
revoke execute on function public.notify_hire() from public, anon, authenticated;
drop trigger if exists projects_notify_hire on public.projects;
create trigger projects_notify_hire
  after update of hired_professional_id on public.projects
  for each row execute function public.notify_hire();
