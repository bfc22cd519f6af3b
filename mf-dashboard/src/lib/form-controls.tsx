import { fieldControl, LabelledField } from '@promatch/shared';
import {
  forwardRef,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled from 'styled-components';

const StyledTextarea = styled.textarea`
  ${fieldControl}
  min-height: 8rem;
  resize: vertical;
`;
const StyledSelect = styled.select`
  ${fieldControl}
`;

interface ControlProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line input whose error is announced (works with react-hook-form's register). */
export const TextArea = forwardRef<
  HTMLTextAreaElement,
  ControlProps & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextArea({ label, error, hint, id, ...props }, ref) {
  return (
    <LabelledField label={label} error={error} hint={hint} id={id}>
      {(control) => <StyledTextarea ref={ref} {...control} {...props} />}
    </LabelledField>
  );
});

/** A labelled select whose error is announced. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  ControlProps & SelectHTMLAttributes<HTMLSelectElement>
>(function SelectField({ label, error, hint, id, ...props }, ref) {
  return (
    <LabelledField label={label} error={error} hint={hint} id={id}>
      {(control) => <StyledSelect ref={ref} {...control} {...props} />}
    </LabelledField>
  );
});
