import { useSession } from '@promatch/shared';
import { hasFeatureAccess, type PlanFeature } from '@promatch/shared/plans';
import { Link } from 'react-router-dom';

/** Whether the signed-in user's plan has the flag (the shared feature-access rule). */
export const usePlanIncludes = (feature: PlanFeature) =>
  useSession((state) => hasFeatureAccess(state.subscription, { feature }));

/** Shown in place of the response figures when the plan has no advanced_analytics. */
export function AdvancedAnalyticsNote() {
  return (
    <p role="note" aria-label="Advanced analytics">
      Response rate and response time are advanced analytics, included in the Pro plan.{' '}
      <Link to="/plan">Compare plans</Link>
    </p>
  );
}

/** Shown instead of the page's figures when the plan has no basic_analytics. */
export function NoAnalyticsNote() {
  return (
    <p role="note" aria-label="Analytics">
      Analytics are not included in your plan. <Link to="/plan">Compare plans</Link>
    </p>
  );
}
