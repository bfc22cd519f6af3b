import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Cluster } from '../layout';

export const Label = styled.label`
  display: block;
  font-weight: 600;
  margin-bottom: 0.35rem;
`;

/** How every text box, text area and select looks, with its invalid and keyboard-focus states. */
export const fieldControl = css`
  width: 100%;
  padding: 0.6rem 0.75rem;
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

export const Input = styled.input`
  ${fieldControl}
`;

export const TextArea = styled.textarea`
  ${fieldControl}
`;

export const FieldError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.875rem;
  margin: 0.3rem 0 0;
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
  margin: 0.3rem 0 0;
`;

const Wrapper = styled.div`
  margin-bottom: 1rem;
`;

/** What LabelledField hands its control: its id and what describes it to assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface LabelledFieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The control's id; one is generated when it is left out. */
  id?: string;
  /** Draws the control with the props that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A label above a control, with its hint and error below, whose error is announced: the control
 * gets aria-invalid plus aria-describedby pointing at the hint and the message.
 */
export function LabelledField({ label, error, hint, id, children }: LabelledFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <Wrapper>
      <Label htmlFor={inputId}>{label}</Label>
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      ) : null}
    </Wrapper>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Rendered after the input, inside the same row (e.g. a show-password toggle). */
  adornment?: ReactNode;
}

/** A labelled input (LabelledField). Works with react-hook-form's `register` (the ref is forwarded). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, adornment, id, ...inputProps },
  ref,
) {
  return (
    <LabelledField label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <Cluster $nowrap>
          <Input ref={ref} {...control} {...inputProps} />
          {adornment}
        </Cluster>
      )}
    </LabelledField>
  );
});
