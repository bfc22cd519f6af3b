import {
  calculatePerformanceScore,
  rateMetric,
  useCollectedMetrics,
  type CollectedMetrics,
  type PerformanceMetricName,
} from '@promatch/shared/performance';
import { useId, useState } from 'react';
import styled from 'styled-components';

const Panel = styled.div`
  position: absolute;
  bottom: calc(100% + 0.5rem);
  left: 0;
  width: 16rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.md};
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
  }
  dl {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 0.25rem 1rem;
    margin: 0;
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

const Anchor = styled.div`
  position: relative;
`;

/** A term and its value as one element for React, while the list's grid sees both directly. */
const Entry = styled.div`
  display: contents;
`;

const RATING_WORDS = { good: 'good', 'needs-improvement': 'needs work', poor: 'poor' } as const;

const ROWS: { key: keyof CollectedMetrics; label: string; unit: 'ms' | '' }[] = [
  { key: 'lcp', label: 'Largest Contentful Paint', unit: 'ms' },
  { key: 'fid', label: 'First Input Delay', unit: 'ms' },
  { key: 'inp', label: 'Interaction to Next Paint', unit: 'ms' },
  { key: 'cls', label: 'Cumulative Layout Shift', unit: '' },
  { key: 'loadTime', label: 'Load time', unit: 'ms' },
];

function formatValue(key: keyof CollectedMetrics, value: number | undefined, unit: string) {
  if (value === undefined) return 'waiting';
  const text = unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);
  if (key === 'inp') return text; // shown for information; the score uses FID.
  return `${text} (${RATING_WORDS[rateMetric(key as PerformanceMetricName, value)]})`;
}

/** This page's Web Vitals and the performance score (from @promatch/shared), behind a toggle. */
export function PerformanceWidget({ className }: { className?: string }) {
  const metrics = useCollectedMetrics();
  const [open, setOpen] = useState(false);
  const panelId = useId();

  const score = calculatePerformanceScore(metrics);
  return (
    <Anchor className={className}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Performance score: {score}
      </button>
      <Panel id={panelId} hidden={!open}>
        <h2>Performance score {score}/100</h2>
        <dl>
          {ROWS.map(({ key, label, unit }) => (
            <Entry key={key}>
              <dt>{label}</dt>
              <dd>{formatValue(key, metrics[key], unit)}</dd>
            </Entry>
          ))}
        </dl>
      </Panel>
    </Anchor>
  );
}
