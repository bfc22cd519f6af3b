import { Button, TextField } from '@promatch/shared';
import {
  COMPANY_MESSAGES,
  manualCompanySchema,
  type SelectedCompany,
} from '@promatch/shared/validation';
import { useState } from 'react';
import { lookupToasts } from '../utils/lookup-toasts';

/**
 * Manual entry (name and company number). Not a <form>: it sits inside the register form, and
 * nested forms are invalid HTML, so it validates its two fields itself with the shared schema.
 */
export function ManualCompanyEntry({ onSave }: { onSave(company: SelectedCompany): void }) {
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | undefined>();

  const save = () => {
    const parsed = manualCompanySchema.safeParse({ company_name: name, company_number: number });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? COMPANY_MESSAGES.manualMissing;
      setError(message);
      if (message === COMPANY_MESSAGES.numberInvalid) lookupToasts.manualInvalidNumber(message);
      else lookupToasts.manualMissing(message);
      return;
    }
    setError(undefined);
    lookupToasts.manualAdded();
    onSave({
      verified: false,
      record: {
        company_name: parsed.data.company_name,
        company_number: parsed.data.company_number.replace(/\s/g, '').toUpperCase(),
        company_status: 'active',
        company_type: 'manual_entry',
      },
    });
  };

  return (
    <div role="group" aria-labelledby="manual-company-heading">
      <h3 id="manual-company-heading">Enter company details manually</h3>
      <TextField
        label="Company name"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label="Company number"
        value={number}
        hint="e.g. 12345678 or SC123456"
        error={error}
        onChange={(event) => setNumber(event.target.value)}
      />
      <Button type="button" $variant="secondary" onClick={save}>
        Save Company
      </Button>
    </div>
  );
}
