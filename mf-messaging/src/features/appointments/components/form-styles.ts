import styled from 'styled-components';

/** The look shared by the booking and cancel forms (native selects and textareas). */
export const FormBox = styled.form`
  display: grid;
  gap: 0.6rem;
  padding: 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};

  select,
  textarea,
  input {
    font: inherit;
    padding: 0.4rem;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }

  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: end;
    margin: 0;
    padding: 0.5rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }

  label {
    display: grid;
    gap: 0.2rem;
    font-weight: 600;
  }

  > p {
    margin: 0;
  }
`;

export const Actions = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

export const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;
