import type { UserSubscription } from '../session/session-types';

/** The eight feature flags a plan carries (subscription_plans.features). */
export const PLAN_FEATURES = [
  'profile_creation',
  'basic_analytics',
  'advanced_analytics',
  'featured_profile',
  'profile_verification_badge',
  'identity_verification',
  'unlimited_applications',
  'early_project_access',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** The metered limits (subscription_plans.limits): per calendar month, file_storage in MB. */
export const PLAN_LIMITS = [
  'monthly_applications',
  'bookings',
  'projects',
  'file_storage',
] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];

/** A limit of -1 means unlimited. */
export const UNLIMITED = -1;

export interface FeatureAccessQuery {
  /** A flag that must be on. */
  feature?: PlanFeature;
  /** A limit the usage must stay below (unless it is -1). */
  limit?: PlanLimit;
  /** Usage of `limit` so far this month (subscription_usage.current_usage); 0 when absent. */
  usage?: number;
}

export type FeatureAccess =
  | { allowed: true; limit: number | null; remaining: number | null }
  | { allowed: false; reason: 'feature-off' }
  | { allowed: false; reason: 'limit-reached'; limit: number; used: number };

type PlanShape = Pick<UserSubscription, 'features' | 'limits'>;

/**
 * The plan's feature-access rule, the one place the apps decide it: the flag must be on; a
 * limit of -1 means unlimited; otherwise usage must stay below the limit. The database applies
 * the same rule again (has_feature_access, track_usage), so this only decides what to show.
 * No plan (not loaded yet) grants nothing.
 */
export function checkFeatureAccess(
  plan: PlanShape | null | undefined,
  { feature, limit, usage = 0 }: FeatureAccessQuery,
): FeatureAccess {
  if (!plan) return { allowed: false, reason: 'feature-off' };
  if (feature && plan.features[feature] !== true) return { allowed: false, reason: 'feature-off' };
  if (!limit) return { allowed: true, limit: null, remaining: null };
  const max = plan.limits[limit];
  if (typeof max !== 'number') return { allowed: false, reason: 'feature-off' };
  if (max === UNLIMITED) return { allowed: true, limit: UNLIMITED, remaining: null };
  if (usage < max) return { allowed: true, limit: max, remaining: max - usage };
  return { allowed: false, reason: 'limit-reached', limit: max, used: usage };
}

/** True when checkFeatureAccess allows. */
export const hasFeatureAccess = (plan: PlanShape | null | undefined, query: FeatureAccessQuery) =>
  checkFeatureAccess(plan, query).allowed;

const LIMIT_NOUNS: Record<PlanLimit, string> = {
  monthly_applications: 'monthly applications',
  bookings: 'bookings this month',
  projects: 'projects this month',
  file_storage: 'MB of file storage',
};

/** What a user is told at a limit; the database's refusal of a proposal uses the same words. */
export function limitReachedMessage(limit: PlanLimit, max: number, planName: string): string {
  return `You have used all ${max} of your ${LIMIT_NOUNS[limit]} on the ${planName} plan.`;
}
