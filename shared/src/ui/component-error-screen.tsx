import styled from 'styled-components';
import { PageRendered } from '../ssr/page-rendered';
import { Button } from './button';

const Panel = styled.section`
  max-width: 36rem;
  margin: 3rem auto;
  padding: 2rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-align: center;
`;

const Actions = styled.div`
  display: flex;
  gap: 0.75rem;
  justify-content: center;
  margin: 1.5rem 0 1rem;
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.9rem;
`;

export interface ComponentErrorScreenProps {
  /** Human name of the area that failed, e.g. 'Dashboard'. */
  component: string;
  onRetry(): void;
}

/**
 * What an area shows when its component (usually a remote) fails: the product's fixed wording,
 * Try Again and Go Home, while the rest of the page keeps working.
 */
export function ComponentErrorScreen({ component, onRetry }: ComponentErrorScreenProps) {
  return (
    <Panel role="alert" aria-live="assertive">
      <h2>Something went wrong</h2>
      <p>An error occurred in the {component}. This is likely a temporary issue.</p>
      <Actions>
        <Button type="button" onClick={onRetry}>
          Try Again
        </Button>
        <Button as="a" href="/" $variant="outline">
          Go Home
        </Button>
      </Actions>
      <Hint>If this problem persists, please contact support.</Hint>
      {/* The area's final word: a server-rendered page waiting for it gives way to it. */}
      <PageRendered />
    </Panel>
  );
}
