import { Badge, getSupabaseClient, useSession } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';

interface CompanyStatus {
  company_name: string;
  verification_status: 'pending' | 'verified' | 'rejected';
  verification_note: string | null;
}

async function fetchCompanyStatus(userId: string): Promise<CompanyStatus | null> {
  const client = await getSupabaseClient();
  const { data, error } = await client
    .from('profiles')
    .select('companies(company_name, verification_status, verification_note)')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw error;
  const company = data?.companies;
  return company ? (company as CompanyStatus) : null;
}

/** A business account's company verification, as staff last decided it. */
export function CompanyVerificationStatus() {
  const userId = useSession((state) => state.user?.id ?? null);
  const isBusiness = useSession((state) => state.accountType === 'business');
  const { data: company } = useQuery({
    queryKey: ['company-verification', userId],
    enabled: isBusiness && userId !== null,
    queryFn: () => fetchCompanyStatus(userId ?? ''),
  });
  if (!isBusiness || !company) return null;
  return (
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
}
