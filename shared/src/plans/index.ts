/**
 * Plan features and limits, a subpath entry: pure rules with no state, bundled into the apps that
 * use them rather than into the `@promatch/shared` singleton every page loads before first render.
 */
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
