-- Web push and e-mail were built side by side: push followed the in-app choice and read quiet hours
-- in UK time. Now that preferences carry a push column per group and settings a time zone, push
-- follows both: a group with push switched off is not pushed, and quiet hours end at the user's
-- own local time.

create or replace function public.push_due_at(p_user uuid, p_now timestamptz default now())
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select case
    when public.in_quiet_hours(l.local::time, s.quiet_start, s.quiet_end) then
      ((l.local::date + s.quiet_end)
        + case when s.quiet_end <= l.local::time then interval '1 day' else interval '0' end)
        at time zone l.zone
    else p_now
  end
  from public.notification_settings s
  cross join lateral (
    select s.time_zone as zone, p_now at time zone s.time_zone as local
  ) l
  where s.user_id = p_user
  union all
  select p_now
  where not exists (select 1 from public.notification_settings s where s.user_id = p_user)
$$;
comment on function public.push_due_at(uuid, timestamptz) is
  'When a push for this user may be sent: p_now, or the end of their quiet hours in their own time zone (notification_settings.time_zone; quiet hours may run past midnight) when p_now falls inside them.';
revoke all on function public.push_due_at(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.push_due_at(uuid, timestamptz) to service_role;

create or replace function public.notifications_enqueue_push()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.notification_wanted(new.user_id, public.notification_group(new.kind), 'push') then
    return null;
  end if;
  insert into public.push_deliveries (subscription_id, notification_id, due_at)
  select s.id, new.id, public.push_due_at(new.user_id, now())
  from public.push_subscriptions s
  where s.user_id = new.user_id;
  if found then
    perform pg_notify('push', '');
  end if;
  return null;
end;
$$;
comment on function public.notifications_enqueue_push() is
  'Trigger: queues a push of each new in-app notification to every device the recipient subscribed, unless they switched push off for its group, due at once or when their quiet hours end, and wakes the push sender (NOTIFY push).';
revoke all on function public.notifications_enqueue_push() from public, anon, authenticated;
