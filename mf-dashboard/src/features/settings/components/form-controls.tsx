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

export const TextArea = styled.textarea`
  ${control}
  min-height: 8rem;
  resize: vertical;
`;

export const Select = styled.select`
  ${control}
`;

export const FieldBlock = styled.div`
  margin-bottom: 1rem;
`;

export const Columns = styled.div`
  display: grid;
  gap: 0 1rem;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
`;

export const CheckboxGrid = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 1rem;
  legend {
    font-weight: 600;
    margin-bottom: 0.35rem;
  }
  div {
    display: grid;
    gap: 0.35rem 1rem;
    grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  }
  label {
    display: flex;
    gap: 0.5rem;
    align-items: center;
  }
`;
