import { Badge, getSupabaseClient, useSession } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { companyVerificationKeys } from '../api/keys';
import { UnverifiedLimits, VerifyWithRegister } from './verification-next-step';

interface CompanyStatus {
  company_name: string;
  company_number: string;
  verification_status: 'pending' | 'verified' | 'rejected';
  verification_note: string | null;
}

async function fetchCompanyStatus(userId: string): Promise<CompanyStatus | null> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('profiles')
    .select('companies(company_name, company_number, verification_status, verification_note)')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw error;
  const company = data?.companies;
  return company ? (company as CompanyStatus) : null;
}

/**
 * A business account's company verification, as staff last decided it, and while it is not
 * verified what the account can do now and how to get verified (decision 0167).
 */
export function CompanyVerificationStatus() {
  const userId = useSession((state) => state.user?.id ?? null);
  const isBusiness = useSession((state) => state.accountType === 'business');
  const { data: company } = useQuery({
    queryKey: companyVerificationKeys.mine(userId),
    enabled: isBusiness && userId !== null,
    queryFn: () => fetchCompanyStatus(userId ?? ''),
  });
  if (!isBusiness || company === undefined) return null;
  if (company === null) {
    return (
      <section aria-label="Verify your company">
        <p role="status" aria-label="Company verification">
          <Badge $tone="warning">Not verified</Badge> Your account has no UK company registration
          yet. Enter your company number to verify it with Companies House.
        </p>
        <UnverifiedLimits />
        <VerifyWithRegister />
      </section>
    );
  }
  const status = (
    <p role="status" aria-label="Company verification">
      {company.company_name}:{' '}
      {company.verification_status === 'verified' ? (
        <Badge $tone="success">Verified</Badge>
      ) : company.verification_status === 'rejected' ? (
        <>
          <Badge $tone="warning">Verification rejected</Badge>{' '}
          {company.verification_note ? `Reason: ${company.verification_note}` : null}
        </>
      ) : (
        <>
          <Badge $tone="warning">Pending Verification</Badge> We complete manual verification within
          1-2 business days.
        </>
      )}
    </p>
  );
  if (company.verification_status === 'verified') return status;
  return (
    <section aria-label="Verify your company">
      {status}
      <UnverifiedLimits />
      <VerifyWithRegister initialNumber={company.company_number} />
    </section>
  );
}
