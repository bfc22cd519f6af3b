import { Button, FieldGroup, TextField } from '@promatch/shared';
import {
  COMPANY_MESSAGES,
  COMPANY_SEARCH_MIN_LENGTH,
  type SelectedCompany as Selected,
} from '@promatch/shared/validation';
import { useCompanyLookup } from '../hooks/use-company-lookup';
import { CompanyResults } from './company-results';
import { ManualCompanyEntry } from './manual-company-entry';
import { SelectedCompany } from './selected-company';

export interface CompanyLookupProps {
  value: Selected | null;
  onChange(company: Selected | null): void;
  error?: string;
}

/** Companies House lookup for business accounts, with the manual-entry fallback. */
export function CompanyLookup({ value, onChange, error }: CompanyLookupProps) {
  const lookup = useCompanyLookup(onChange);
  if (value) return <SelectedCompany company={value} onChange={() => onChange(null)} />;

  const typed = lookup.query.trim();
  const tooShort = typed.length > 0 && typed.length < COMPANY_SEARCH_MIN_LENGTH;
  return (
    <FieldGroup>
      <legend>Your company</legend>
      <TextField
        label="Search Companies House"
        type="search"
        placeholder="Company name or number"
        value={lookup.query}
        error={error}
        hint={tooShort ? COMPANY_MESSAGES.searchTooShort : undefined}
        onChange={(event) => lookup.setQuery(event.target.value)}
      />
      <div aria-live="polite">
        {lookup.isSearching ? <p>Searching Companies House...</p> : null}
        {lookup.isVerifying ? <p>Verifying company...</p> : null}
        {lookup.noResults && !lookup.isSearching ? (
          <p>No active UK companies found matching your search.</p>
        ) : null}
      </div>
      <CompanyResults
        companies={lookup.results}
        disabled={lookup.isVerifying}
        onChoose={lookup.choose}
      />
      <Button
        type="button"
        $variant="link"
        aria-expanded={lookup.manualOpen}
        onClick={lookup.toggleManual}
      >
        {lookup.manualOpen ? 'Hide manual entry' : 'Enter company details manually'}
      </Button>
      {lookup.manualOpen ? <ManualCompanyEntry onSave={onChange} /> : null}
    </FieldGroup>
  );
}
