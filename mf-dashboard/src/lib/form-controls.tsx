import { FieldError, Label } from '@promatch/shared';
import { forwardRef, useId, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

const control = css`
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
const StyledTextarea = styled.textarea`
  ${control}
  min-height: 8rem;
  resize: vertical;
`;
const StyledSelect = styled.select`
  ${control}
`;
const Wrapper = styled.div`
  margin-bottom: 1rem;
`;
const Hint = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
  margin: 0.3rem 0 0;
`;

interface ControlProps {
  label: string;
  error?: string;
  hint?: string;
}

function describedBy(id: string, error?: string, hint?: string) {
  return (
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

function Messages({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? (
        <FieldError id={`${id}-error`} role="alert">
          {error}
        </FieldError>
      ) : null}
    </>
  );
}

/** A labelled multi-line input whose error is announced (works with react-hook-form's register). */
export const TextArea = forwardRef<
  HTMLTextAreaElement,
  ControlProps & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextArea({ label, error, hint, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Wrapper>
      <Label htmlFor={inputId}>{label}</Label>
      <StyledTextarea
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...props}
      />
      <Messages id={inputId} error={error} hint={hint} />
    </Wrapper>
  );
});

/** A labelled select whose error is announced. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  ControlProps & SelectHTMLAttributes<HTMLSelectElement>
>(function SelectField({ label, error, hint, id, children, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Wrapper>
      <Label htmlFor={inputId}>{label}</Label>
      <StyledSelect
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...props}
      >
        {children}
      </StyledSelect>
      <Messages id={inputId} error={error} hint={hint} />
    </Wrapper>
  );
});
