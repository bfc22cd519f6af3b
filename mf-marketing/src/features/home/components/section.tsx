import { renderWhenNearViewport } from '@promatch/shared';
import type { ReactNode } from 'react';
import styled from 'styled-components';

// Every section comes after the hero and the figures, below the first screen.
const Wrapper = styled.section`
  margin: 3rem 0;
  ${renderWhenNearViewport('40rem')}
  h2 {
    font-size: 1.6rem;
    margin: 0 0 0.5rem;
  }
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  margin: 0 0 1.25rem;
`;

/** A home-page section: an h2 that labels it, an optional intro and its content. */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Wrapper aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro ? <Intro>{intro}</Intro> : null}
      {children}
    </Wrapper>
  );
}
