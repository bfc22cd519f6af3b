import type { AccountType } from '@promatch/shared';

const OPTIONS: Array<{ value: AccountType; label: string }> = [
  { value: 'professional', label: 'Professional Account' },
  { value: 'business', label: 'Business Account' },
];

/** Professional Account / Business Account, as radio buttons. */
export function AccountTypeChoice({
  value,
  onChange,
}: {
  value: AccountType;
  onChange(type: AccountType): void;
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
      <legend style={{ fontWeight: 600, marginBottom: '0.5rem' }}>Account type</legend>
      {OPTIONS.map((option) => (
        <label key={option.value} style={{ marginRight: '1.25rem' }}>
          <input
            type="radio"
            name="accountType"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />{' '}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
