import { Button, PlainList } from '@promatch/shared';
import styled from 'styled-components';
import { type CompanyRecord } from '@promatch/shared/validation';

/** A whole-width row per company, its text from the start edge like the list it is. */
const CompanyChoice = styled(Button)`
  width: 100%;
  justify-content: flex-start;
  text-align: start;
`;

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
    <PlainList aria-label="Companies found" $gap="sm">
      {companies.map((company) => (
        <li key={company.company_number}>
          <CompanyChoice
            type="button"
            $variant="outline"
            disabled={disabled}
            onClick={() => onChoose(company)}
          >
            {company.company_name} ({company.company_number})
            {company.address ? ` - ${company.address}` : ''}
          </CompanyChoice>
        </li>
      ))}
    </PlainList>
  );
}
