import { usePageTitle } from '@promatch/shared';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Wrapper = styled.div`
  max-width: 40rem;
  margin: 4rem auto;
  padding: 0 1.25rem;
  text-align: center;
`;

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Wrapper>
      <h1>404</h1>
      <p>Oops! Page not found</p>
      <p>
        <Link to="/">Return to Home</Link>
      </p>
    </Wrapper>
  );
}
