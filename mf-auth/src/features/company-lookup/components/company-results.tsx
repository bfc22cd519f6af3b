import { Button } from '@promatch/shared';
import { type CompanyRecord } from '@promatch/shared/validation';

/** Active companies found in the register; choosing one verifies it. */
export function CompanyResults({
  companies,
  disabled,
  onChoose,
}: {
  companies: CompanyRecord[];
  disabled: boolean;
  onChoose(company: CompanyRecord): void;
}) {
  if (companies.length === 0) return null;
  return (
    <ul aria-label="Companies found" style={{ listStyle: 'none', padding: 0 }}>
      {companies.map((company) => (
        <li key={company.company_number} style={{ marginBottom: '0.5rem' }}>
          <Button
            type="button"
            $variant="outline"
            disabled={disabled}
            onClick={() => onChoose(company)}
            style={{ width: '100%', justifyContent: 'flex-start', textAlign: 'left' }}
          >
            {company.company_name} ({company.company_number})
            {company.address ? ` - ${company.address}` : ''}
          </Button>
        </li>
      ))}
    </ul>
  );
}
