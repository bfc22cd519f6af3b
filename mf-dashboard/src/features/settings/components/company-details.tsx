import { Badge, Card, TermList } from '@promatch/shared';
import { formatDay } from '../../../lib/format/format';
import { useCompany } from '../api/get-company';

const ADDRESS_FIELDS = [
  'premises',
  'address_line_1',
  'address_line_2',
  'locality',
  'postal_code',
  'country',
];

function addressText(address: unknown): string {
  if (!address || typeof address !== 'object') return '';
  const parts = ADDRESS_FIELDS.map((field) => (address as Record<string, unknown>)[field]);
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(', ');
}

/** The staff's or the register's decision: the same field the dashboard's status line reads. */
function VerificationBadge({ status }: { status: string }) {
  if (status === 'verified') return <Badge $tone="success">Verified</Badge>;
  if (status === 'rejected') return <Badge $tone="warning">Verification rejected</Badge>;
  return <Badge $tone="warning">Pending Verification</Badge>;
}

/**
 * The business's company as registered, with its Companies House status: 'Verified' once checked
 * against the register or approved by staff, 'Pending Verification' for a manual entry still to be
 * checked, and the date of the register check when there was one.
 */
export function CompanyDetails({ companyId }: { companyId: string | null }) {
  const company = useCompany(companyId);
  return (
    <Card as="section" aria-labelledby="settings-company">
      <h3 id="settings-company">Company details</h3>
      {companyId === null ? <p>No company is linked to this account.</p> : null}
      {company.isPending && companyId !== null ? <p role="status">Loading your company…</p> : null}
      {company.isError ? (
        <p role="alert">Company details unavailable: {company.error.message}</p>
      ) : null}
      {company.data ? (
        <TermList>
          <dt>Name</dt>
          <dd>{company.data.company_name}</dd>
          <dt>Company number</dt>
          <dd>{company.data.company_number}</dd>
          <dt>Companies House</dt>
          <dd>
            <VerificationBadge status={company.data.verification_status} /> Status:{' '}
            {company.data.company_status}
            {company.data.verified_at ? ` · checked ${formatDay(company.data.verified_at)}` : ''}
          </dd>
          {company.data.date_of_creation ? (
            <>
              <dt>Incorporated</dt>
              <dd>{formatDay(company.data.date_of_creation)}</dd>
            </>
          ) : null}
          {addressText(company.data.registered_office_address) ? (
            <>
              <dt>Registered office</dt>
              <dd>{addressText(company.data.registered_office_address)}</dd>
            </>
          ) : null}
        </TermList>
      ) : null}
    </Card>
  );
}
