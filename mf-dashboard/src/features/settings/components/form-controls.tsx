import styled from 'styled-components';

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
