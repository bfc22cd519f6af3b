-- the appointment functions: propose, accept one time, decline, propose other times, cancel with
-- a reason, and the backend's periodic appointments_tick (completed + reminders). each checks that
-- the caller is one of the two parties and answers a wrong move with a clear message and a 4xx
-- code (PT404 not found, PT409 wrong state, 42501 not allowed, 22023 bad input). decision 0070.

create or replace function public.checked_appointment_times(p_times timestamptz[], p_duration integer)
returns timestamptz[]
language plpgsql
stable
set search_path = ''
as $$
declare
  v_sorted timestamptz[];
begin
  if p_times is null or cardinality(p_times) not between 1 and 3 then
    raise exception 'Propose one to three times.' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(p_times) t where t is null) then
    raise exception 'Every proposed time needs a date and a time.' using errcode = '22023';
  end if;
  if p_duration is null or p_duration not between 15 and 240 or p_duration % 15 <> 0 then
    raise exception 'A call lasts between 15 minutes and 4 hours, in steps of 15 minutes.'
      using errcode = '22023';
  end if;
  select array_agg(distinct t order by t) into v_sorted from unnest(p_times) t;
  if cardinality(v_sorted) <> cardinality(p_times) then
    raise exception 'The same time is proposed twice.' using errcode = '22023';
  end if;
  if v_sorted[1] <= now() then
    raise exception 'Each proposed time must be in the future.' using errcode = '22023';
  end if;
  if v_sorted[cardinality(v_sorted)] > now() + interval '365 days' then
    raise exception 'Propose times within the next 12 months.' using errcode = '22023';
  end if;
  return v_sorted;
end;
$$;
comment on function public.checked_appointment_times(timestamptz[], integer) is
  'Validates a proposal (1-3 distinct future times within a year; 15-240 minutes in 15-minute steps) and returns the times sorted.';

create or replace function public.checked_appointment_note(p_note text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if char_length(btrim(coalesce(p_note, ''))) > 1000 then
    raise exception 'A note can be at most 1,000 characters.' using errcode = '22023';
  end if;
  return nullif(btrim(coalesce(p_note, '')), '');
end;
$$;
comment on function public.checked_appointment_note(text) is 'An optional note, trimmed; null when blank; at most 1,000 characters.';

-- the caller's appointment, locked, or PT404 when it does not exist or is not theirs.
create or replace function public.my_appointment_for_update(p_appointment_id uuid)
returns public.appointments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.appointments;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to manage your calls.' using errcode = '42501';
  end if;
  select * into v_row from public.appointments a
    where a.id = p_appointment_id and (select auth.uid()) in (a.business_id, a.professional_id)
    for update;
  if v_row.id is null then
    raise exception 'Appointment not found.' using errcode = 'PT404';
  end if;
  return v_row;
end;
$$;
comment on function public.my_appointment_for_update(uuid) is
  'The appointment locked for a change, when the caller is one of its two parties; otherwise PT404.';

-- an answer (accept, decline, other times) comes from the party who did not make the proposal.
create or replace function public.assert_can_answer(v_row public.appointments)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if v_row.status <> 'proposed' then
    raise exception 'This appointment is no longer waiting for an answer.' using errcode = 'PT409';
  end if;
  if v_row.proposed_by = (select auth.uid()) then
    raise exception 'Wait for the other party to answer your proposal.' using errcode = '42501';
  end if;
  if public.is_blocked_between(v_row.business_id, v_row.professional_id) then
    raise exception 'You cannot book a call with this user.' using errcode = '42501';
  end if;
end;
$$;
comment on function public.assert_can_answer(public.appointments) is
  'Raises unless the appointment is proposed, the caller did not propose it and neither party blocked the other.';

create or replace function public.propose_appointment(
  p_with uuid,
  p_times timestamptz[],
  p_duration_minutes integer,
  p_note text default null
)
returns public.appointments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_me public.profiles;
  v_other public.profiles;
  v_times timestamptz[];
  v_note text;
  v_conversation uuid;
  v_row public.appointments;
  v_business public.profiles;
  v_professional public.profiles;
begin
  if v_uid is null then
    raise exception 'Sign in to book a call.' using errcode = '42501';
  end if;
  if p_with is null then
    raise exception 'Say who the call is with.' using errcode = '22023';
  end if;
  if p_with = v_uid then
    raise exception 'You cannot book a call with yourself.' using errcode = '22023';
  end if;
  select * into v_me from public.profiles p where p.id = v_uid;
  select * into v_other from public.profiles p where p.id = p_with;
  if v_other.id is null then
    raise exception 'That user does not exist.' using errcode = 'PT404';
  end if;
  if v_me.account_type = 'business' and v_other.account_type = 'professional' then
    v_business := v_me; v_professional := v_other;
  elsif v_me.account_type = 'professional' and v_other.account_type = 'business' then
    v_business := v_other; v_professional := v_me;
  else
    raise exception 'Calls are booked between a business and a professional.' using errcode = '22023';
  end if;
  if public.is_blocked_between(v_uid, p_with) then
    raise exception 'You cannot book a call with this user.' using errcode = '42501';
  end if;
  v_times := public.checked_appointment_times(p_times, p_duration_minutes);
  v_note := public.checked_appointment_note(p_note);
  if (select count(*) from public.appointments a
      where a.created_by = v_uid and a.created_at > now() - interval '1 hour') >= 20 then
    raise exception 'You are booking calls too quickly. Please wait a while and try again.'
      using errcode = 'PT429';
  end if;

  insert into public.conversations (participant_1, participant_2)
    values (v_uid, p_with)
    on conflict ((least(participant_1, participant_2)), (greatest(participant_1, participant_2)))
    do nothing;
  select c.id into v_conversation from public.conversations c
    where least(c.participant_1, c.participant_2) = least(v_uid, p_with)
      and greatest(c.participant_1, c.participant_2) = greatest(v_uid, p_with);

  insert into public.appointments (
    business_id, professional_id, created_by, proposed_by, conversation_id, title, description,
    proposed_times, duration_minutes, starts_at, ends_at, status)
  values (
    v_business.id, v_professional.id, v_uid, v_uid, v_conversation,
    left(format('Call: %s and %s', coalesce(nullif(v_business.name, ''), 'Business'),
      coalesce(nullif(v_professional.name, ''), 'Professional')), 200),
    v_note, v_times, p_duration_minutes, v_times[1],
    v_times[1] + make_interval(mins => p_duration_minutes), 'proposed')
  returning * into v_row;
  return v_row;
end;
$$;
comment on function public.propose_appointment(uuid, timestamptz[], integer, text) is
  'The caller proposes one to three times for a call with p_with (a business with a professional), in the pair''s conversation (created if needed). Refused when either blocked the other; at most 20 an hour.';

create or replace function public.accept_appointment(p_appointment_id uuid, p_starts_at timestamptz)
returns public.appointments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.appointments := public.my_appointment_for_update(p_appointment_id);
begin
  perform public.assert_can_answer(v_row);
  if p_starts_at is null or not (p_starts_at = any (v_row.proposed_times)) then
    raise exception 'Choose one of the proposed times.' using errcode = '22023';
  end if;
  if p_starts_at <= now() then
    raise exception 'That time has already passed. Propose other times instead.' using errcode = '22023';
  end if;
  update public.appointments a
    set status = 'confirmed', starts_at = p_starts_at,
        ends_at = p_starts_at + make_interval(mins => a.duration_minutes), confirmed_at = now()
    where a.id = v_row.id
    returning * into v_row;
  return v_row;
end;
$$;
comment on function public.accept_appointment(uuid, timestamptz) is
  'The party who did not propose accepts one of the proposed times: the appointment is confirmed for it.';

create or replace function public.decline_appointment(p_appointment_id uuid)
returns public.appointments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.appointments := public.my_appointment_for_update(p_appointment_id);
begin
  if v_row.status <> 'proposed' then
    raise exception 'This appointment is no longer waiting for an answer.' using errcode = 'PT409';
  end if;
  if v_row.proposed_by = (select auth.uid()) then
    raise exception 'Wait for the other party to answer your proposal.' using errcode = '42501';
  end if;
  update public.appointments a set status = 'declined' where a.id = v_row.id returning * into v_row;
  return v_row;
end;
$$;
comment on function public.decline_appointment(uuid) is 'The party who did not propose declines all the proposed times.';

create or replace function public.propose_other_times(
  p_appointment_id uuid,
  p_times timestamptz[],
  p_duration_minutes integer default null,
  p_note text default null
)
returns public.appointments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.appointments := public.my_appointment_for_update(p_appointment_id);
  v_duration integer;
  v_times timestamptz[];
  v_note text;
begin
  perform public.assert_can_answer(v_row);
  v_duration := coalesce(p_duration_minutes, v_row.duration_minutes);
  v_times := public.checked_appointment_times(p_times, v_duration);
  v_note := public.checked_appointment_note(p_note);
  update public.appointments a
    set proposed_by = (select auth.uid()), proposed_times = v_times, duration_minutes = v_duration,
        starts_at = v_times[1], ends_at = v_times[1] + make_interval(mins => v_duration),
        description = coalesce(v_note, a.description)
    where a.id = v_row.id
    returning * into v_row;
  return v_row;
end;
$$;
comment on function public.propose_other_times(uuid, timestamptz[], integer, text) is
  'The party who did not propose answers with one to three other times; the other party now answers.';

create or replace function public.cancel_appointment(p_appointment_id uuid, p_reason text)
returns public.appointments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.appointments := public.my_appointment_for_update(p_appointment_id);
  v_reason text := btrim(coalesce(p_reason, ''));
begin
  if v_row.status not in ('proposed', 'confirmed') then
    raise exception 'Only a proposed or confirmed appointment can be cancelled.' using errcode = 'PT409';
  end if;
  if v_row.status = 'confirmed' and v_row.ends_at <= now() then
    raise exception 'This call has already ended.' using errcode = 'PT409';
  end if;
  if v_reason = '' then
    raise exception 'Give a reason for cancelling.' using errcode = '22023';
  end if;
  if char_length(v_reason) > 500 then
    raise exception 'A reason can be at most 500 characters.' using errcode = '22023';
  end if;
  update public.appointments a
    set status = 'cancelled', cancelled_by = (select auth.uid()), cancel_reason = v_reason
    where a.id = v_row.id
    returning * into v_row;
  return v_row;
end;
$$;
comment on function public.cancel_appointment(uuid, text) is
  'Either party cancels a proposed or confirmed (not yet ended) appointment, giving a reason both see.';

-- the backend job ------------------------------------------------------------------------------

create or replace function public.appointments_tick()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_completed integer;
  v_reminders integer;
begin
  update public.appointments set status = 'completed'
    where status = 'confirmed' and ends_at <= now();
  get diagnostics v_completed = row_count;

  with due as (
    select a.*,
      case
        when a.starts_at <= now() + interval '15 minutes' then 'appointment_reminder_15m'
        when a.confirmed_at is null or a.confirmed_at <= a.starts_at - interval '24 hours'
          then 'appointment_reminder_24h'
      end as kind
    from public.appointments a
    where a.status = 'confirmed' and a.starts_at > now() and a.starts_at <= now() + interval '24 hours'
  ),
  parties as (
    select d.id, d.kind, d.starts_at, d.conversation_id, x.me, x.other
    from due d
    cross join lateral (values (d.business_id, d.professional_id), (d.professional_id, d.business_id)) x (me, other)
    where d.kind is not null
  ),
  inserted as (
    insert into public.notifications (user_id, kind, title, body, link, appointment_id)
    select pa.me, pa.kind,
      case pa.kind when 'appointment_reminder_15m' then 'Your call starts in 15 minutes'
        else 'Your call is in 24 hours' end,
      format('Your call with %s starts at %s (UK time).',
        coalesce(nullif(o.name, ''), 'the other party'),
        to_char(pa.starts_at at time zone 'Europe/London', 'HH24:MI "on" FMDay FMDD FMMonth YYYY')),
      case when pa.conversation_id is null then '/messages/upcoming'
        else '/messages/' || pa.conversation_id::text end,
      pa.id
    from parties pa
    left join public.profiles o on o.id = pa.other
    on conflict (user_id, appointment_id, kind) where appointment_id is not null do nothing
    returning 1
  )
  select count(*) into v_reminders from inserted;
  return jsonb_build_object('completed', v_completed, 'reminders', v_reminders);
end;
$$;
comment on function public.appointments_tick() is
  'Run by the backend every few seconds: confirmed calls past their end become completed; each party gets one reminder 24 hours before (when confirmed earlier than that) and one 15 minutes before.';

-- privileges -------------------------------------------------------------------------------------

revoke all on function public.checked_appointment_times(timestamptz[], integer),
  public.checked_appointment_note(text), public.my_appointment_for_update(uuid),
  public.assert_can_answer(public.appointments), public.appointments_tick(),
  public.propose_appointment(uuid, timestamptz[], integer, text),
  public.accept_appointment(uuid, timestamptz), public.decline_appointment(uuid),
  public.propose_other_times(uuid, timestamptz[], integer, text),
  public.cancel_appointment(uuid, text)
  from public, anon, authenticated;
grant execute on function public.appointments_tick() to service_role;
grant execute on function
  public.propose_appointment(uuid, timestamptz[], integer, text),
  public.accept_appointment(uuid, timestamptz), public.decline_appointment(uuid),
  public.propose_other_times(uuid, timestamptz[], integer, text),
  public.cancel_appointment(uuid, text)
  to authenticated, service_role;
