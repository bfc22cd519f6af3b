import { Cluster } from '@promatch/shared';
import { UNLIMITED } from '@promatch/shared/plans';
import { useId } from 'react';
import styled from 'styled-components';

const Row = styled.div`
  margin-bottom: 0.75rem;
`;
const Bar = styled.progress`
  width: 100%;
  height: 0.75rem;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

/** One limit: used against the plan's allowance, or 'Unlimited' for -1. */
export function UsageMeter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const id = useId();
  const unlimited = limit === UNLIMITED;
  const text = unlimited ? `${used} used · Unlimited` : `${used} of ${limit} used`;
  return (
    <Row>
      <Cluster id={id} $justify="space-between" $gap="lg">
        <span>{label}</span>
        <span>{text}</span>
      </Cluster>
      {unlimited ? null : (
        <Bar aria-labelledby={id} aria-valuetext={text} value={Math.min(used, limit)} max={limit} />
      )}
    </Row>
  );
}
