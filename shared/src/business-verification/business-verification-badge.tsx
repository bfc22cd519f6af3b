import { Badge } from '@promatch/shared';
import type { BusinessVerification } from './business-verification-api';
import { useBusinessVerifications } from './use-business-verifications';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function companyLabel(v: BusinessVerification) {
  if (!v.companyName) return null;
  return v.companyNumber ? `${v.companyName} (company no. ${v.companyNumber})` : v.companyName;
}

/** What a professional is told about a business: its company and whether it is verified. */
export function BusinessVerificationNote({ verification }: { verification: BusinessVerification }) {
  const company = companyLabel(verification);
  const verified = verification.status === 'verified';
  return (
    <span data-testid="business-verification">
      {verified ? (
        <Badge $tone="success">Verified business</Badge>
      ) : (
        <Badge $tone="warning">
          {verification.status === 'pending' ? 'Verification pending' : 'Not verified'}
        </Badge>
      )}{' '}
      {company ?? 'No company registration given'}
      {verified && verification.verifiedAt ? `, verified ${day(verification.verifiedAt)}` : null}
    </span>
  );
}

/**
 * One business's verification, fetched for it alone (or from the shared cache when a list
 * already asked for it). Nothing for accounts that are not businesses.
 */
export function BusinessVerificationBadge({ businessId }: { businessId: string }) {
  const { data } = useBusinessVerifications([businessId]);
  const verification = data?.get(businessId);
  return verification ? <BusinessVerificationNote verification={verification} /> : null;
}
