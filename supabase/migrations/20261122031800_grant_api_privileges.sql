-- table and function privileges for the api roles. hosted supabase grants everything in public
-- to anon and authenticated by default; we start from nothing and grant only what a policy can
-- use, so a missing policy fails closed and anon can never truncate, update or delete.

do $$
declare
  t text;
begin
  foreach t in array array[
    'profiles', 'admin_users', 'subscription_plans', 'user_subscriptions', 'subscription_usage',
    'system_notifications', 'user_analytics', 'analytics_events', 'user_presence', 'conversations',
    'messages', 'appointments', 'favorites', 'projects', 'teams', 'team_members', 'files', 'reviews',
    'companies', 'newsletter_subscribers', 'leads', 'contact_messages'
  ] loop
    execute format('revoke all on table public.%I from public, anon, authenticated', t);
    execute format('grant all on table public.%I to service_role', t);
  end loop;
end;
$$;

-- anon: public browsing and the few things a visitor hands us.
grant select on table public.profiles, public.subscription_plans, public.reviews to anon;
grant insert on table public.analytics_events, public.leads, public.contact_messages to anon;

-- authenticated: row access is decided by the policies; these are the operations any policy allows.
grant select, update on table public.profiles to authenticated;
grant select, insert, update, delete on table
  public.admin_users, public.subscription_plans, public.user_subscriptions, public.system_notifications,
  public.user_presence, public.messages, public.projects, public.teams, public.team_members,
  public.files, public.reviews to authenticated;
grant select on table public.subscription_usage to authenticated;
grant select, insert on table public.user_analytics, public.analytics_events, public.conversations to authenticated;
grant select, insert, update on table public.appointments to authenticated;
grant select, insert, delete on table public.favorites, public.leads to authenticated;
grant select, update, delete on table public.companies to authenticated;
grant select, delete on table public.newsletter_subscribers to authenticated;
grant select, insert, update, delete on table public.contact_messages to authenticated;

-- functions: nothing is executable by default; then the rpcs and the policy helpers.
do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and p.proname in (
        'profiles_search_fields', 'set_updated_at', 'is_admin', 'is_super_admin', 'sync_profile_role',
        'guard_profile_update', 'get_user_subscription_plan', 'track_usage', 'normalise_company_number',
        'handle_new_user', 'is_conversation_participant', 'is_contact', 'account_type_of',
        'touch_conversation', 'guard_message_update', 'guard_appointment_update', 'update_user_presence',
        'is_team_member', 'is_team_owner', 'has_completed_appointment', 'refresh_professional_rating'
      )
  loop
    execute format('revoke all on function %s from public, anon, authenticated', f);
    execute format('grant execute on function %s to service_role', f);
  end loop;
end;
$$;

grant execute on function public.is_admin(), public.is_super_admin(), public.normalise_company_number(text)
  to anon, authenticated;
grant execute on function
  public.is_conversation_participant(uuid), public.is_contact(uuid), public.account_type_of(uuid),
  public.is_team_member(uuid), public.is_team_owner(uuid), public.has_completed_appointment(uuid),
  public.get_user_subscription_plan(uuid), public.track_usage(uuid, text, integer),
  public.update_user_presence(uuid, text)
  to authenticated;
