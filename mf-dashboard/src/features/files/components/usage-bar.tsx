import { formatBytes } from '../../../lib/format/format';
import { useStorageUsage } from '../../../lib/storage-usage/get-storage-usage';
import styled from 'styled-components';

/** How much of the plan's file storage is used, as a bar and in words. */
const UsageLabel = styled.label`
  display: block;
  font-weight: 600;
`;

const Meter = styled.progress`
  width: 100%;
  height: 1rem;
`;

const UsageText = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
`;

export function UsageBar() {
  const usage = useStorageUsage();
  if (usage.isPending) return <p role="status">Checking your storage…</p>;
  if (usage.isError) return <p role="alert">Storage use unavailable: {usage.error.message}</p>;
  const { usedBytes, limitBytes } = usage.data;
  if (limitBytes === null) {
    return <p>{formatBytes(usedBytes)} used. Your plan has unlimited storage.</p>;
  }
  const percent = Math.min(100, (usedBytes / limitBytes) * 100);
  const text = `${formatBytes(usedBytes)} of ${formatBytes(limitBytes)} used`;
  return (
    <div>
      <UsageLabel htmlFor="storage-usage">Storage</UsageLabel>
      <Meter
        id="storage-usage"
        max={100}
        value={Number(percent.toFixed(2))}
        aria-valuetext={text}
      />
      <UsageText data-testid="storage-usage-text">{text}</UsageText>
    </div>
  );
}
