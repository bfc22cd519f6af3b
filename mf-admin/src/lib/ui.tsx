import styled from 'styled-components';

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: flex-end;
  margin: 0 0 1rem;
  label {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    font-weight: 600;
    font-size: 0.9rem;
  }
  input,
  select,
  textarea {
    font: inherit;
    padding: 0.45rem 0.6rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;

export const Stack = styled.div`
  display: grid;
  gap: 0.75rem;
  max-width: 40rem;
  label {
    display: grid;
    gap: 0.25rem;
    font-weight: 600;
  }
  input,
  select,
  textarea {
    font: inherit;
    padding: 0.5rem 0.65rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** A checkbox with its label on one line, in plain weight (the Stack's labels are bold fields). */
export const CheckLabel = styled.label`
  && {
    display: block;
    font-weight: 400;
  }
`;

export const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0.25rem 0;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  margin: 0.25rem 0 1rem;
`;

export const SectionHeading = styled.h2`
  font-size: 1.3rem;
  margin: 1.5rem 0 0.75rem;
`;
