-- The plans' `bookings` and `projects` limits (Free: 20 calls booked and 5 projects posted a
-- month; Pro: unlimited) were shown on /pricing and the dashboard's plans page but nothing counted
-- them. Each booking and each new project now consumes one unit through track_usage, the same
-- atomic feature-access check that meters project applications (count_application), in the
-- transaction that makes it.
--
-- The refusals use the words the dashboard shows before one is tried (limitReachedMessage in
-- @promatch/shared/plans). Pro is for professional accounts (change_my_plan), so a business's
-- hint names the 1st of next month rather than an upgrade it cannot make.
--
-- Who is metered: the signed-in user making the booking or posting the project. The request's
-- role claim decides it rather than current_user, because calls are booked through
-- propose_appointment, which runs as its owner. Requests without a user (the service role,
-- seeding, support tools) are not metered.

create or replace function public.count_against_plan()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  -- the trigger's arguments: the plan limit, the column naming who is metered, and what a
  -- business can do again next month ('book more calls')
  v_metric text := tg_argv[0];
  v_user uuid := (to_jsonb(new) ->> tg_argv[1])::uuid;
  v_plan_name text;
  v_limits jsonb;
begin
  if (select auth.role()) is distinct from 'authenticated' then
    return new;
  end if;
  -- track_usage refuses anyone but the caller, so a forged owner column fails here too.
  if not public.track_usage(v_user, v_metric, 1) then
    select g.plan_name, g.limits into v_plan_name, v_limits
    from public.get_user_subscription_plan(v_user) g;
    raise exception 'You have used all % of your % this month on the % plan.',
      v_limits ->> v_metric, v_metric, v_plan_name
      using errcode = 'P0001',
        detail = format('%s limit %s', v_metric, v_limits ->> v_metric),
        hint = case
          when public.account_type_of(v_user) = 'professional'
            then format('Upgrade to Pro for unlimited %s, or wait until the 1st of next month.', v_metric)
          else format('You can %s from the 1st of next month.', tg_argv[2])
        end;
  end if;
  return new;
end;
$$;
comment on function public.count_against_plan() is
  'Trigger (arguments: limit, owner column, what can be done again next month): a row made by a signed-in user consumes one of their plan''s monthly limit; at the limit it is refused with the limit and the plan in the message.';

drop trigger if exists appointments_count_booking on public.appointments;
create trigger appointments_count_booking
  before insert on public.appointments
  for each row execute function public.count_against_plan('bookings', 'created_by', 'book more calls');

drop trigger if exists projects_count_posted on public.projects;
create trigger projects_count_posted
  before insert on public.projects
  for each row execute function public.count_against_plan('projects', 'owner_id', 'post more projects');

revoke all on function public.count_against_plan() from public, anon, authenticated;
