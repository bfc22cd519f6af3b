-- Paid plans: a plan with a monthly price is bought through the provider's subscription Checkout,
-- and the user's plan then follows the provider's subscription from its signed webhooks
-- (payments_apply_subscription_event). A free plan still switches at once (change_my_plan).

alter table public.user_subscriptions
  add column stripe_customer_id text,
  add column cancel_at_period_end boolean not null default false,
  add column provider_event_created bigint;

comment on column public.user_subscriptions.stripe_customer_id is
  'The provider customer paying for the subscription (the billing portal opens for it).';
comment on column public.user_subscriptions.cancel_at_period_end is
  'The paid subscription is cancelled and ends at current_period_end; the plan is kept until then.';
comment on column public.user_subscriptions.provider_event_created is
  'Creation time (Unix seconds) of the newest provider event applied to this row; an older event about the same subscription changes nothing.';

-- A price id names one amount at the provider: when a super admin changes the monthly price
-- without giving a new id, the old id is forgotten and the next checkout creates a price.
create or replace function public.subscription_plans_forget_stale_price()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.price_monthly is distinct from old.price_monthly
     and new.stripe_price_id is not distinct from old.stripe_price_id then
    new.stripe_price_id := null;
  end if;
  return new;
end;
$$;
revoke all on function public.subscription_plans_forget_stale_price() from public, anon, authenticated;
grant execute on function public.subscription_plans_forget_stale_price() to service_role;
comment on function public.subscription_plans_forget_stale_price() is
  'Trigger: a changed monthly price without a new stripe_price_id clears the old id (it charged the old amount).';

create trigger subscription_plans_forget_stale_price
  before update of price_monthly on public.subscription_plans
  for each row execute function public.subscription_plans_forget_stale_price();

alter table public.subscription_plans
  add constraint subscription_plans_stripe_price_id_format
  check (stripe_price_id is null or stripe_price_id ~ '^price_[A-Za-z0-9_]{1,200}$');

-- The caller's own paid subscription, if the provider is still charging for it.
create or replace function public.change_my_plan(p_plan text)
 returns table(plan_type text, plan_name text, features jsonb, limits jsonb, commission_rate numeric)
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_user uuid := (select auth.uid());
  v_plan public.subscription_plans;
  v_current public.user_subscriptions;
begin
  if v_user is null then
    raise exception 'Sign in to change your plan.' using errcode = '42501';
  end if;
  select * into v_plan from public.subscription_plans p where p.type = p_plan and p.is_active;
  if v_plan.type is null then
    raise exception 'There is no plan called %.', coalesce(p_plan, 'that') using errcode = '22023';
  end if;
  if v_plan.type <> 'free' and (select public.account_type_of(v_user)) <> 'professional' then
    raise exception 'The % plan is for professional accounts.', v_plan.name using errcode = '42501';
  end if;
  if v_plan.price_monthly > 0 then
    raise exception 'The % plan costs a monthly payment: subscribe through checkout on the plan page.', v_plan.name
      using errcode = '22023';
  end if;
  select * into v_current from public.user_subscriptions s where s.user_id = v_user;
  if v_current.stripe_subscription_id is not null and v_current.status in ('active', 'past_due') then
    raise exception 'Your paid subscription is still running: cancel it in the billing portal, and you move to the Free plan when the paid period ends.'
      using errcode = '22023';
  end if;
  insert into public.user_subscriptions (user_id, plan_type, status, started_at)
  values (v_user, v_plan.type, 'active', now())
  on conflict (user_id) do update
    set plan_type = excluded.plan_type, status = 'active', started_at = now();
  return query select v_plan.type, v_plan.name, v_plan.features, v_plan.limits, v_plan.commission_rate;
end;
$function$;
comment on function public.change_my_plan(p_plan text) is 'Moves the caller to another active free plan at once (upgrade or downgrade). Pro is for professionals; a plan with a monthly price is bought through the provider''s subscription checkout (the payments function), and a running paid subscription is cancelled in the billing portal instead. Usage already counted this month stays counted.';

-- What the payments function needs to open a subscription checkout for the caller.
create or replace function public.plan_checkout_terms(p_plan text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_plan public.subscription_plans;
  v_current public.user_subscriptions;
begin
  if v_user is null then
    raise exception 'Sign in to change your plan.' using errcode = '42501';
  end if;
  select * into v_plan from public.subscription_plans p where p.type = p_plan and p.is_active;
  if v_plan.type is null then
    raise exception 'There is no plan called %.', coalesce(p_plan, 'that') using errcode = 'P0002';
  end if;
  if (select public.account_type_of(v_user)) <> 'professional' then
    raise exception 'The % plan is for professional accounts.', v_plan.name using errcode = '42501';
  end if;
  if v_plan.price_monthly <= 0 then
    raise exception 'The % plan is free: choose it without checkout.', v_plan.name using errcode = '22023';
  end if;
  if upper(v_plan.currency) <> 'GBP' then
    raise exception 'The % plan is priced in %, and payments are taken in GBP only.', v_plan.name, v_plan.currency
      using errcode = '22023';
  end if;
  select * into v_current from public.user_subscriptions s where s.user_id = v_user;
  if v_current.stripe_subscription_id is not null and v_current.status in ('active', 'past_due') then
    raise exception 'You already have a paid subscription: change or cancel it in the billing portal.'
      using errcode = '22023';
  end if;
  return jsonb_build_object(
    'user_id', v_user,
    'plan_type', v_plan.type,
    'name', v_plan.name,
    'amount_pence', (round(v_plan.price_monthly * 100))::integer,
    'stripe_price_id', v_plan.stripe_price_id,
    'stripe_customer_id', v_current.stripe_customer_id);
end;
$$;
revoke all on function public.plan_checkout_terms(text) from public, anon;
grant execute on function public.plan_checkout_terms(text) to authenticated, service_role;
comment on function public.plan_checkout_terms(text) is
  'For the payments function, called as the user: the paid plan the caller may subscribe to (professionals only, GBP, no running paid subscription) with its price in pence, provider price id and the caller''s provider customer.';

-- A subscription event from the provider, verified by the webhook function, applied once.
create or replace function public.payments_apply_subscription_event(p_event jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id text := p_event ->> 'id';
  v_type text := p_event ->> 'type';
  v_created bigint := coalesce((p_event ->> 'created')::bigint, 0);
  v_object jsonb := p_event -> 'data' -> 'object';
  v_outcome text := 'ignored';
  v_meta jsonb;
  v_user uuid;
  v_plan text;
  v_sub text;
  v_status text;
  v_period_end bigint;
  v_row public.user_subscriptions;
begin
  if v_id is null or v_type is null or v_object is null then
    raise exception 'Not a provider event.' using errcode = '22023';
  end if;
  insert into public.payment_events (id, type, provider_created, outcome)
  values (v_id, v_type, v_created, 'processing')
  on conflict (id) do nothing;
  if not found then
    return 'duplicate';
  end if;

  if v_type = 'invoice.payment_failed' then
    v_sub := coalesce(v_object ->> 'subscription',
                      v_object -> 'parent' -> 'subscription_details' ->> 'subscription');
    select * into v_row from public.user_subscriptions s
     where s.stripe_subscription_id = v_sub for update;
    if not found or v_sub is null then
      v_outcome := 'ignored';
    elsif v_row.status <> 'active' then
      v_outcome := 'no_change';
    elsif v_row.provider_event_created > v_created then
      v_outcome := 'stale';
    else
      update public.user_subscriptions
         set status = 'past_due', provider_event_created = v_created
       where id = v_row.id;
      v_outcome := 'applied';
    end if;
  else
    -- checkout.session.completed (mode subscription) and customer.subscription.*: both carry the
    -- user and plan in metadata, written by the payments function when the checkout was opened.
    if v_type = 'checkout.session.completed' then
      v_meta := v_object -> 'metadata';
      v_sub := v_object ->> 'subscription';
      v_status := case when v_object ->> 'payment_status' in ('paid', 'no_payment_required')
                       then 'active' end;
    elsif v_type in ('customer.subscription.created', 'customer.subscription.updated',
                     'customer.subscription.deleted') then
      v_meta := v_object -> 'metadata';
      v_sub := v_object ->> 'id';
      v_status := case
        when v_type = 'customer.subscription.deleted'
          or v_object ->> 'status' in ('canceled', 'incomplete_expired') then 'cancelled'
        when v_object ->> 'status' in ('past_due', 'unpaid') then 'past_due'
        when v_object ->> 'status' in ('active', 'trialing') then 'active'
      end;
      v_period_end := coalesce((v_object -> 'items' -> 'data' -> 0 ->> 'current_period_end')::bigint,
                               (v_object ->> 'current_period_end')::bigint);
    end if;
    v_user := case when (v_meta ->> 'user_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                   then (v_meta ->> 'user_id')::uuid end;
    v_plan := v_meta ->> 'plan_type';
    if v_status is null or v_sub is null or v_user is null
       or not exists (select 1 from public.subscription_plans p where p.type = v_plan)
       or not exists (select 1 from public.profiles pr where pr.id = v_user) then
      v_outcome := 'ignored';
    else
      insert into public.user_subscriptions (user_id, plan_type, status)
      values (v_user, 'free', 'active')
      on conflict (user_id) do nothing;
      select * into v_row from public.user_subscriptions s where s.user_id = v_user for update;
      if v_row.stripe_subscription_id is distinct from v_sub then
        -- another (or no) subscription on the row: take this one only if it is live and the row
        -- has no live paid subscription; an old subscription's news changes nothing
        if v_status = 'cancelled'
           or (v_row.stripe_subscription_id is not null and v_row.status in ('active', 'past_due')) then
          v_outcome := 'no_change';
        else
          update public.user_subscriptions
             set plan_type = v_plan, status = v_status, stripe_subscription_id = v_sub,
                 stripe_customer_id = coalesce(v_object ->> 'customer', stripe_customer_id),
                 cancel_at_period_end = coalesce((v_object ->> 'cancel_at_period_end')::boolean, false),
                 -- unknown until the subscription's own event when this is the checkout
                 current_period_end = to_timestamp(v_period_end),
                 started_at = now(), provider_event_created = v_created
           where id = v_row.id;
          v_outcome := 'applied';
        end if;
      elsif v_row.status = 'cancelled' then
        v_outcome := 'no_change';  -- an ended subscription never comes back
      elsif v_row.provider_event_created > v_created then
        v_outcome := 'stale';
      elsif v_type = 'checkout.session.completed' then
        v_outcome := 'no_change';  -- the subscription's own events came first
      elsif v_status = 'cancelled' then
        update public.user_subscriptions
           set plan_type = 'free', status = 'cancelled', cancel_at_period_end = false,
               current_period_end = coalesce(to_timestamp((v_object ->> 'ended_at')::bigint), now()),
               provider_event_created = v_created
         where id = v_row.id;
        v_outcome := 'applied';
      else
        update public.user_subscriptions
           set plan_type = v_plan, status = v_status,
               cancel_at_period_end = coalesce((v_object ->> 'cancel_at_period_end')::boolean, false),
               current_period_end = coalesce(to_timestamp(v_period_end), current_period_end),
               provider_event_created = v_created
         where id = v_row.id
           and (plan_type, status, cancel_at_period_end, current_period_end)
               is distinct from (v_plan, v_status,
                                 coalesce((v_object ->> 'cancel_at_period_end')::boolean, false),
                                 coalesce(to_timestamp(v_period_end), current_period_end));
        v_outcome := case when found then 'applied' else 'no_change' end;
      end if;
    end if;
  end if;

  update public.payment_events set outcome = v_outcome where id = v_id;
  return v_outcome;
end;
$$;
revoke all on function public.payments_apply_subscription_event(jsonb) from public, anon, authenticated;
grant execute on function public.payments_apply_subscription_event(jsonb) to service_role;
comment on function public.payments_apply_subscription_event(jsonb) is
  'Service role only (the stripe-webhook function, after verifying the signature): applies a subscription event once (claimed in payment_events). checkout.session.completed in subscription mode and customer.subscription.created/updated put the user on the paid plan (active, past_due, cancel_at_period_end, period end); customer.subscription.deleted moves them to the Free plan (status cancelled); invoice.payment_failed makes an active subscription past_due. An event older than the last applied one about the same subscription, or about a subscription that has ended, changes nothing.';
