import { Button, Input } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { verifyMyCompany, type VerifyOutcome } from '../api/verify-my-company';

/** A company number is eight characters: the box sits on the line with its label and button. */
const NumberInput = styled(Input)`
  max-width: 12rem;
  display: inline-block;
`;

/** What an unverified business may do now, and what it cannot do until it is verified. */
export function UnverifiedLimits() {
  return (
    <p>
      Until your company is verified you can complete your profile, browse professionals, save
      favourites and prepare projects as drafts. Publishing projects, writing to professionals first
      and requesting calls open once it is verified; you can always answer a professional who writes
      to you.
    </p>
  );
}

function outcomeText(outcome: VerifyOutcome) {
  if (outcome.kind === 'verified') return `${outcome.companyName} is verified.`;
  if (outcome.kind === 'unavailable')
    return 'Companies House could not be reached just now. Try again later, or wait for our team to check your company (1-2 business days).';
  return outcome.message;
}

/** Checks the business's company number with Companies House now, instead of waiting for staff. */
export function VerifyWithRegister({ initialNumber }: { initialNumber?: string }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [number, setNumber] = useState(initialNumber ?? '');
  const check = useMutation({
    mutationFn: verifyMyCompany,
    retry: false,
    onSuccess: (outcome) => {
      if (outcome.kind === 'verified')
        void queryClient.invalidateQueries({ queryKey: ['company-verification'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    check.mutate(number);
  };
  return (
    <form onSubmit={submit} aria-label="Verify with Companies House">
      <label htmlFor={inputId}>Company number</label>{' '}
      <NumberInput
        id={inputId}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        placeholder="12345678"
      />{' '}
      <Button type="submit" $size="sm" disabled={check.isPending || number.trim() === ''}>
        {check.isPending ? 'Checking…' : 'Check with Companies House'}
      </Button>
      {check.data ? <p role="status">{outcomeText(check.data)}</p> : null}
      {check.error ? <p role="alert">The check failed: {check.error.message}</p> : null}
      <p>
        Not on the register, or think we got it wrong? <Link to="/contact">Contact us</Link>.
      </p>
    </form>
  );
}
