import styled from 'styled-components';

/** The layout a team card's sections share: a heading, a plain list of rows, an inline form. */
export const Section = styled.section`
  margin-top: 1rem;
  h3 {
    font-size: 1.05rem;
    margin: 0 0 0.5rem;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0 0 0.5rem;
    display: grid;
    gap: 0.4rem;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  select,
  input {
    padding: 0.4rem;
    font: inherit;
  }
`;

export const Inline = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: end;
`;
