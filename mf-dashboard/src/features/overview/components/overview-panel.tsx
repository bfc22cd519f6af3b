import { Card, ComponentErrorBoundary } from '@promatch/shared';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { createContext, Suspense, useContext, useId, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  50% { opacity: 0.5; }
`;

const Bar = styled.span<{ $width: string }>`
  display: block;
  height: 0.9rem;
  width: ${({ $width }) => $width};
  margin: 0.6rem 0;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.border};
  animation: ${pulse} 1.5s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** Grey bars where the panel's content will appear, announced once as loading. */
export function PanelSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={`Loading ${label.toLowerCase()}`}>
      <Bar $width="80%" />
      <Bar $width="60%" />
      <Bar $width="70%" />
    </div>
  );
}

const PanelTitle = createContext('');

/** The panel's skeleton, from inside the panel, while its first answer has not come. */
export function PanelLoading() {
  return <PanelSkeleton label={useContext(PanelTitle)} />;
}

const Panel = styled(Card)`
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.1rem;
  }
  ul {
    margin: 0;
    padding-left: 1.1rem;
  }
  li + li {
    margin-top: 0.35rem;
  }
`;

/**
 * One overview panel: its own skeleton while its data loads (PanelLoading) and its own error
 * boundary, so a slow or failing panel never holds back or breaks the others. Try Again refetches
 * its data.
 */
export function OverviewPanel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  const { reset } = useQueryErrorResetBoundary();
  return (
    <Panel as="section" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <ComponentErrorBoundary component={`${title} panel`} onRetry={reset}>
        <PanelTitle.Provider value={title}>
          {/* Panels show PanelLoading themselves; this only covers code that suspends. */}
          <Suspense fallback={<PanelSkeleton label={title} />}>{children}</Suspense>
        </PanelTitle.Provider>
      </ComponentErrorBoundary>
    </Panel>
  );
}

export const PanelGrid = styled.div`
  display: grid;
  gap: 1.25rem;
  grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
  align-items: start;
`;

export const BigFigure = styled.p`
  font-size: 2rem;
  font-weight: 700;
  margin: 0;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  margin: 0.25rem 0 0.75rem;
`;
