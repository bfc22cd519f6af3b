-- subscription_plans.type is the plan's key (user_subscriptions.plan_type references it). the
-- product ships free and pro, but staff must be able to add or retire plans without a schema
-- change, so the closed list becomes a slug format.

alter table public.subscription_plans drop constraint if exists subscription_plans_type_check;
alter table public.subscription_plans drop constraint if exists subscription_plans_type_format;
alter table public.subscription_plans
  add constraint subscription_plans_type_format check (type ~ '^[a-z][a-z0-9_]{1,30}$');
comment on column public.subscription_plans.type is
  'The plan key (free, pro, ...): a lower-case slug referenced by user_subscriptions.plan_type.';
