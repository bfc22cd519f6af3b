import type { ReactNode } from 'react';
import styled from 'styled-components';
import { usePageTitle } from '../routing/page-title';

const Container = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: 2rem 1.25rem 3rem;
`;

const Heading = styled.h1`
  font-size: clamp(1.75rem, 4vw, 2.5rem);
  line-height: 1.2;
  margin: 0 0 0.75rem;
`;

const Lead = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 1.1rem;
  max-width: 48rem;
  margin: 0 0 1.5rem;
`;

export interface PageProps {
  /** The page heading (h1); also the document title unless `title` is given. */
  heading: string;
  title?: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** Every remote page: one h1, the shared document-title suffix, and a consistent width. */
export function Page({ heading, title, lead, children }: PageProps) {
  usePageTitle(title ?? heading);
  return (
    <Container>
      <Heading>{heading}</Heading>
      {lead ? <Lead>{lead}</Lead> : null}
      {children}
    </Container>
  );
}
