/**
 * Plan features and limits, a subpath entry: pure rules, and the plans on offer read through the
 * singleton's supabase client, bundled into the apps that use them rather than into the
 * `@promatch/shared` singleton every page loads before first render.
 */
export { activePlansQuery, fetchActivePlans, type ActivePlan } from './active-plans';
export {
  checkFeatureAccess,
  hasFeatureAccess,
  limitReachedMessage,
  PLAN_FEATURES,
  PLAN_LIMITS,
  UNLIMITED,
  type FeatureAccess,
  type FeatureAccessQuery,
  type PlanFeature,
  type PlanLimit,
} from './feature-access';
export { PlanAllowance, PlanLimitNotice, type PlanAllowanceProps } from './plan-allowance';
export { currentUsagePeriod } from './usage-period';
