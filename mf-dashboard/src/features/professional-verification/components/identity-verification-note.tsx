import { useSession } from '@promatch/shared';
import { hasFeatureAccess } from '@promatch/shared/plans';
import { Link } from 'react-router-dom';

/** Whether the user's plan includes identity verification (the shared feature-access rule). */
export const useIdentityVerificationIncluded = () =>
  useSession((state) => hasFeatureAccess(state.subscription, { feature: 'identity_verification' }));

/** Shown instead of the request form on a plan without identity_verification. */
export function IdentityVerificationNote() {
  return (
    <p role="note" aria-label="Identity verification">
      Identity verification by our team, with the Verified badge on your profile, is included in the
      Pro plan. <Link to="/plan">Compare plans</Link>
    </p>
  );
}
