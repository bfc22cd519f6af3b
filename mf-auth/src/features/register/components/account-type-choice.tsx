import { FieldGroup, type AccountType } from '@promatch/shared';

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
    <FieldGroup $inline>
      <legend>Account type</legend>
      {OPTIONS.map((option) => (
        <label key={option.value}>
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
    </FieldGroup>
  );
}
