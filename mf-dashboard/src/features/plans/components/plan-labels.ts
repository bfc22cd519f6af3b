import type { PlanFeature, PlanLimit } from '@promatch/shared/plans';

/** What each flag does for the user, in the words the plans page uses. */
export const FEATURE_LABELS: Record<PlanFeature, string> = {
  profile_creation: 'Public profile in search',
  basic_analytics: 'Profile view analytics',
  advanced_analytics: 'Advanced analytics: your response rate and response time',
  featured_profile: 'Featured placement: listed first among equal matches, with a Featured label',
  profile_verification_badge: 'Pro badge on your profile and search card',
  identity_verification: 'Identity verification by our team, with a Verified badge',
  unlimited_applications: 'Unlimited project applications',
  early_project_access: 'Early access: see new projects before Free members',
};

export const LIMIT_LABELS: Record<PlanLimit, string> = {
  monthly_applications: 'Project applications this month',
  bookings: 'Bookings this month',
  projects: 'Projects this month',
  file_storage: 'File storage (MB)',
};
